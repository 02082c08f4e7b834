import {
  BOX_SIZES,
  type BoxSize,
  boxLabel,
  type Dimensions,
  formatUsd,
  parseInches,
  smallestBoxFor,
} from "~/lib/shipping";

/** The calculator's fields and rules, apart from its UI so they can be unit-tested. */
export const CALC_FIELDS = [
  { name: "largo", label: "Largo" },
  { name: "ancho", label: "Ancho" },
  { name: "alto", label: "Alto" },
] as const;
type FieldName = (typeof CALC_FIELDS)[number]["name"];
export type CalcValues = Record<FieldName, string>;

export type CalcResult =
  | { kind: "fits"; box: BoxSize; measured: Dimensions }
  | { kind: "none" }
  | { kind: "invalid" }
  | null;

export function calculate(values: CalcValues): CalcResult {
  const dims = CALC_FIELDS.map((f) => parseInches(values[f.name]));
  if (dims.some((d) => d === null)) return { kind: "invalid" };
  const measured = dims as [number, number, number];
  const box = smallestBoxFor(measured);
  return box ? { kind: "fits", box, measured } : { kind: "none" };
}

/** 'Solicitar esta caja': the WhatsApp text with the box, its price and the measured package. */
export function boxRequestText(box: BoxSize, measured: Dimensions): string {
  const [largo, ancho, alto] = measured;
  return (
    `Hola, quisiera solicitar la caja de ${boxLabel(box)} pulgadas (${formatUsd(box.price)}) ` +
    `para mi paquete de ${largo} × ${ancho} × ${alto} pulgadas (largo × ancho × alto).`
  );
}

export const LARGEST_BOX = BOX_SIZES[BOX_SIZES.length - 1];

/** Measurements from a no-JavaScript submission (?largo=&ancho=&alto=), and their result. */
export function fromSearchParams(params: URLSearchParams): { values: CalcValues; result: CalcResult } {
  const values = {
    largo: params.get("largo") ?? "",
    ancho: params.get("ancho") ?? "",
    alto: params.get("alto") ?? "",
  };
  return { values, result: CALC_FIELDS.every((f) => params.has(f.name)) ? calculate(values) : null };
}
