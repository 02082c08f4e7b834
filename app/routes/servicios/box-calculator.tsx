import { Calculator, MessageCircle } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { waMeHref } from "~/lib/phone-links";
import { type BoxPrice, dimsLabel, largestBox, parseInches } from "~/lib/price-list";
import { formatDollars } from "~/lib/prices";
import { useSite } from "~/lib/use-site";
import { boxRequestText, type CalcResult, type CalcValues, calculate, CALC_FIELDS as FIELDS } from "./calc";

export type BoxCalculatorProps = {
  initial: { values: CalcValues; result: CalcResult };
  onResult: (box: BoxPrice | null) => void;
};

/**
 * Package dimensions in inches → the smallest listed box it fits in (turned any way) and its
 * price. A plain GET form underneath, so it also works before JavaScript has loaded; its fields
 * are uncontrolled, so what was typed before the page hydrated stays and is what is calculated.
 */
export function BoxCalculator({ initial, onResult }: BoxCalculatorProps) {
  // The measurements last calculated (marking the invalid ones) and their result.
  const [{ values, result }, setCalculated] = useState(initial);
  const { contact, prices } = useSite();
  const largest = largestBox(prices.boxes);
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const typed = Object.fromEntries(
      FIELDS.map((f) => [f.name, String(form.get(f.name) ?? "")]),
    ) as CalcValues;
    const r = calculate(typed, prices);
    setCalculated({ values: typed, result: r });
    onResult(r?.kind === "fits" ? r.box : null);
  };
  const invalid = result?.kind === "invalid";
  return (
    <Card id="calculadora" className="scroll-mt-24 p-6 sm:p-8">
      <h3 className="flex items-center gap-2 text-xl font-semibold">
        <Calculator aria-hidden="true" className="size-5 text-primary" />
        ¿Qué caja necesito?
      </h3>
      <p className="mt-2 text-sm text-muted-foreground">
        Escribe las medidas de tu paquete en pulgadas y te decimos la caja más pequeña en la que cabe y su
        precio.
      </p>
      <form method="get" action="/servicios#calculadora" noValidate onSubmit={submit} className="mt-6">
        <div className="grid grid-cols-3 items-end gap-3">
          {FIELDS.map((f) => (
            <div key={f.name} className="grid gap-2">
              <Label htmlFor={`calc-${f.name}`}>{f.label} (pulg.)</Label>
              <Input
                id={`calc-${f.name}`}
                name={f.name}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0"
                aria-invalid={invalid && parseInches(values[f.name]) === null ? true : undefined}
                aria-describedby="calc-resultado"
                defaultValue={initial.values[f.name]}
              />
            </div>
          ))}
        </div>
        <Button type="submit" className="mt-4 w-full sm:w-auto">
          Calcular caja
        </Button>
      </form>
      <div id="calc-resultado" role="status" className="mt-5 empty:hidden">
        {result?.kind === "fits" && (
          <div className="rounded-xl bg-primary/10 p-4">
            <p className="text-sm">
              Tu paquete cabe en la caja de{" "}
              <strong className="font-semibold">
                {result.box.name ? `${result.box.name}, ` : ""}
                {dimsLabel(result.box.inches)} pulgadas
              </strong>
              .
            </p>
            <p className="mt-1 font-heading text-3xl font-bold text-primary">
              {formatDollars(result.box.priceCents)}
            </p>
            <Button asChild className="mt-3 bg-[#18743f] text-white hover:bg-[#125c32]">
              <a
                href={waMeHref(contact.whatsapp, boxRequestText(result.box, result.measured))}
                target="_blank"
                rel="noopener noreferrer"
              >
                <MessageCircle aria-hidden="true" />
                Solicitar esta caja
                <span className="sr-only">(se abre en una pestaña nueva)</span>
              </a>
            </Button>
          </div>
        )}
        {result?.kind === "none" && largest && (
          <div className="rounded-xl bg-accent/20 p-4 text-sm">
            Tu paquete no cabe en ninguna de nuestras cajas (la más grande mide {dimsLabel(largest.inches)}{" "}
            pulgadas).{" "}
            <Link to="/contact" className="font-semibold text-primary underline underline-offset-2">
              Escríbenos
            </Link>{" "}
            y te damos una cotización especial.
          </div>
        )}
        {invalid && (
          <p className="text-sm font-medium text-destructive">
            Escribe el largo, el ancho y el alto en pulgadas, con números mayores que 0.
          </p>
        )}
      </div>
    </Card>
  );
}
