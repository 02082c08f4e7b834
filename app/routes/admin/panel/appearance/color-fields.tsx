import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { TriangleAlert } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { FieldError, FieldHint } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { AA_CONTRAST, contrastRatio, hslToHex, readColor, TEXT_ON_PRIMARY } from "~/lib/colors";
import { COLOR_KEYS, type ColorKey } from "~/lib/site";
import type { FormUpdater } from "./logo-fields";

const LABELS: Record<ColorKey, string> = {
  primary: "Color principal",
  secondary: "Color secundario",
  accent: "Color de acento",
  text: "Color del texto",
  background: "Color de fondo",
};

/** What a typed colour reads as, or black while it cannot be read (the save refuses it). */
const tripletOf = (v: string) => {
  const r = readColor(v);
  return r.ok ? r.hsl : "0 0% 0%";
};

const ratio = (n: number) => `${n.toLocaleString("es", { maximumFractionDigits: 1 })}:1`;

/**
 * 'Colores del Sitio (HSL)' (docs/product.md §3.2, §4.7): a picker and a text field per colour; a
 * picked hex becomes HSL; typed text that is not a triplet will be saved as black. Beyond the
 * spec: a live preview and a warning (not a refusal) when text falls below WCAG AA contrast.
 */
export function ColorFields({
  form,
  fields,
}: {
  form: FormUpdater;
  fields: Record<ColorKey, FieldMetadata<unknown>>;
}) {
  const [values, setValues] = useState(
    () =>
      Object.fromEntries(COLOR_KEYS.map((k) => [k, String(fields[k].initialValue ?? "")])) as Record<
        ColorKey,
        string
      >,
  );
  const set = (key: ColorKey, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const used = Object.fromEntries(COLOR_KEYS.map((k) => [k, tripletOf(values[k])])) as Record<
    ColorKey,
    string
  >;
  const hsl = (k: ColorKey) => `hsl(${used[k]})`;
  const onBackground = contrastRatio(used.text, used.background);
  const onPrimary = contrastRatio(TEXT_ON_PRIMARY, used.primary);

  return (
    <section aria-labelledby="appearance-section-colors" className="grid gap-4">
      <h4 id="appearance-section-colors" className="border-b pb-2 font-semibold">
        Colores del Sitio (HSL)
      </h4>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-4">
          {COLOR_KEYS.map((key) => {
            const field = fields[key];
            const hintId = `${field.id}-hint`;
            return (
              <div key={key} className="grid gap-2">
                <Label htmlFor={field.id}>{LABELS[key]}</Label>
                <div className="flex items-center gap-3">
                  <input
                    type="color"
                    aria-label={`Selector: ${LABELS[key].toLowerCase()}`}
                    value={hslToHex(tripletOf(values[key]))}
                    onChange={(e) => {
                      const value = tripletOf(e.target.value);
                      if (!value) return;
                      form.update({ name: field.name, value });
                      set(key, value);
                    }}
                    className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border bg-card p-1"
                  />
                  <Input
                    {...getInputProps(field, { type: "text", ariaDescribedBy: hintId })}
                    onChange={(e) => set(key, e.target.value)}
                    spellCheck={false}
                    autoComplete="off"
                  />
                </div>
                <FieldHint id={hintId}>
                  ej: 262 84% 58%
                  {readColor(values[key]).ok ? "" : " · No se reconoce este color."}
                </FieldHint>
                <FieldError id={field.errorId} errors={field.errors} />
              </div>
            );
          })}
        </div>

        <div className="grid content-start gap-3">
          <span className="text-sm font-medium">Vista previa</span>
          <div
            className="rounded-xl border p-5"
            style={{ background: hsl("background"), color: hsl("text") }}
          >
            <p className="font-heading text-lg font-bold" style={{ color: hsl("primary") }}>
              Nuestra Tienda
            </p>
            <p className="mt-2 text-sm">
              Así se ve el texto del sitio sobre el fondo, con{" "}
              <span className="font-medium underline" style={{ color: hsl("primary") }}>
                un enlace
              </span>{" "}
              y una{" "}
              <span className="rounded px-1" style={{ background: hsl("accent") }}>
                etiqueta de oferta
              </span>
              .
            </p>
            <div className="mt-4">
              <span
                className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium"
                style={{ background: hsl("primary"), color: `hsl(${TEXT_ON_PRIMARY})` }}
              >
                Botón principal
              </span>
            </div>
          </div>
          <div aria-live="polite" className="grid gap-2">
            {onBackground < AA_CONTRAST && (
              <ContrastWarning>
                Poco contraste: el texto sobre el fondo tiene {ratio(onBackground)}; se recomienda al menos
                4,5:1 para que se lea bien.
              </ContrastWarning>
            )}
            {onPrimary < AA_CONTRAST && (
              <ContrastWarning>
                Poco contraste: el texto blanco de los botones sobre el color principal tiene{" "}
                {ratio(onPrimary)}; se recomienda al menos 4,5:1.
              </ContrastWarning>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

function ContrastWarning({ children }: { children: React.ReactNode }) {
  return (
    <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
