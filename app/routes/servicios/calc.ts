import {
  type BoxPrice,
  type Dimensions,
  dimsLabel,
  type PriceList,
  parseInches,
  smallestBoxFor,
} from "~/lib/price-list";
import { formatDollars } from "~/lib/prices";

/** The calculator's fields and rules, apart from its UI so they can be unit-tested. */
export const CALC_FIELDS = [
  { name: "largo", label: "Largo" },
  { name: "ancho", label: "Ancho" },
  { name: "alto", label: "Alto" },
] as const;
type FieldName = (typeof CALC_FIELDS)[number]["name"];
export type CalcValues = Record<FieldName, string>;

export type CalcResult =
  | { kind: "fits"; box: BoxPrice; measured: Dimensions }
  | { kind: "none" }
  | { kind: "invalid" }
  | null;

/** The smallest box of the owner's price list the measured package fits in. */
export function calculate(values: CalcValues, prices: PriceList): CalcResult {
  const dims = CALC_FIELDS.map((f) => parseInches(values[f.name]));
  if (dims.some((d) => d === null)) return { kind: "invalid" };
  const measured = dims as unknown as Dimensions;
  const box = smallestBoxFor(measured, prices.boxes);
  return box ? { kind: "fits", box, measured } : { kind: "none" };
}

/** 'Solicitar esta caja': the WhatsApp text with the box, its price and the measured package. */
export function boxRequestText(box: BoxPrice, measured: Dimensions): string {
  const [largo, ancho, alto] = measured;
  const named = box.name
    ? `${box.name} (${dimsLabel(box.inches)} pulgadas)`
    : `${dimsLabel(box.inches)} pulgadas`;
  return (
    `Hola, quisiera solicitar la caja de ${named} (${formatDollars(box.priceCents)}) ` +
    `para mi paquete de ${largo} × ${ancho} × ${alto} pulgadas (largo × ancho × alto).`
  );
}

/** Measurements from a no-JavaScript submission (?largo=&ancho=&alto=), and their result. */
export function fromSearchParams(
  params: URLSearchParams,
  prices: PriceList,
): { values: CalcValues; result: CalcResult } {
  const values = {
    largo: params.get("largo") ?? "",
    ancho: params.get("ancho") ?? "",
    alto: params.get("alto") ?? "",
  };
  return {
    values,
    result: CALC_FIELDS.every((f) => params.has(f.name)) ? calculate(values, prices) : null,
  };
}
