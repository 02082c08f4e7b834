import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { COLOR_LABELS } from "~/lib/change-labels";
import { AA_ADVICE, contrastProblems, formatRatio, hslToHex, readColor, TEXT_ON_PRIMARY } from "~/lib/colors";
import { COLOR_KEYS, type ColorKey } from "~/lib/site";
import type { FormUpdater } from "./logo-fields";

/** What a typed colour reads as, or null while it cannot be read (the save refuses it). */
const tripletOf = (typed: string) => {
  const r = readColor(typed);
  return r.ok ? r.hsl : null;
};

/**
 * 'Colores del Sitio (HSL)' (docs/product.md §3.2, §4.7): a picker and a text field per colour.
 * The field takes what people type — #b91c1c, rgb(…), hsl(…), the triplet, a name — and says at
 * once when it cannot read it; the save stores the triplet. A live preview, and when text or
 * buttons fall below WCAG AA contrast the save is refused until 'Guardar aunque se lea mal' is
 * ticked: the refusal marks the colour to change (which two colours, how badly) and says, right
 * above that one box, that ticking it saves them anyway.
 */
export function ColorFields({
  form,
  fields,
  confirm,
}: {
  form: FormUpdater;
  fields: Record<ColorKey, FieldMetadata<unknown>>;
  /** 'Guardar aunque se lea mal' (appearanceSchema's confirmContrast). */
  confirm: FieldMetadata<unknown>;
}) {
  const [values, setValues] = useState(
    () =>
      Object.fromEntries(COLOR_KEYS.map((k) => [k, String(fields[k].initialValue ?? "")])) as Record<
        ColorKey,
        string
      >,
  );
  const set = (key: ColorKey, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const read = Object.fromEntries(COLOR_KEYS.map((k) => [k, tripletOf(values[k])])) as Record<
    ColorKey,
    string | null
  >;
  const allRead = COLOR_KEYS.every((k) => read[k] !== null);
  const problems = allRead ? contrastProblems(read as Record<ColorKey, string>) : [];
  // The preview shows what each colour reads as; one that cannot be read shows as a gap.
  const css = (k: ColorKey) => (read[k] ? `hsl(${read[k]})` : "transparent");

  return (
    <section aria-labelledby="appearance-section-colors" className="grid gap-4">
      <h3 id="appearance-section-colors" className="border-b pb-2 font-semibold">
        Colores del Sitio (HSL)
      </h3>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-4">
          {COLOR_KEYS.map((key) => {
            const field = fields[key];
            const typed = values[key];
            return (
              <Field
                key={key}
                field={field}
                label={COLOR_LABELS[key]}
                hint={
                  read[key] === null && typed.trim()
                    ? "No se reconoce este color: escríbelo como #b91c1c, rgb(185, 28, 28), 0 74% 42% o un nombre como rojo."
                    : `ej: #b91c1c, rgb(185, 28, 28), 262 84% 58% o rojo${read[key] && read[key] !== typed.trim() ? ` · se guardará ${read[key]}` : ""}`
                }
              >
                {(hintId) => (
                  <div className="flex items-center gap-3">
                    <input
                      type="color"
                      aria-label={`Selector: ${COLOR_LABELS[key].toLowerCase()}`}
                      value={read[key] ? hslToHex(read[key]) : "#000000"}
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
                )}
              </Field>
            );
          })}
        </div>

        <div className="grid content-start gap-3">
          <span className="text-sm font-medium">Vista previa</span>
          <div
            className="rounded-xl border p-5"
            style={{ background: css("background"), color: css("text") }}
          >
            <p className="font-heading text-lg font-bold" style={{ color: css("primary") }}>
              Nuestra Tienda
            </p>
            <p className="mt-2 text-sm">
              Así se ve el texto del sitio sobre el fondo, con{" "}
              <span className="font-medium underline" style={{ color: css("primary") }}>
                un enlace
              </span>{" "}
              y una{" "}
              <span className="rounded px-1" style={{ background: css("accent") }}>
                etiqueta de oferta
              </span>
              .
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <span
                className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium"
                style={{ background: css("primary"), color: `hsl(${TEXT_ON_PRIMARY})` }}
              >
                Botón principal
              </span>
              <span
                className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium"
                style={{ background: css("accent"), color: css("text") }}
              >
                Botón de acento
              </span>
            </div>
          </div>
        </div>
      </div>
      {/* Under the colours it is about: what reads badly, the way on, and the one box to tick. */}
      <div aria-live="polite" className="grid gap-2">
        {problems.length > 0 ? (
          <div
            className={cn(
              "grid gap-3 rounded-lg border p-3 text-sm",
              confirm.errors?.length
                ? "border-destructive bg-destructive/5 text-foreground"
                : "border-amber-300 bg-amber-50 text-amber-950",
            )}
          >
            <p className="flex gap-2 font-medium">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Con estos colores no se lee bien:
            </p>
            <ul className="list-disc pl-8">
              {problems.map((p) => (
                <li key={p.id}>
                  {p.label}: {formatRatio(p.ratio)} ({AA_ADVICE})
                </li>
              ))}
            </ul>
            <FieldError id={confirm.errorId} errors={confirm.errors} />
            <label className="flex min-h-11 items-center gap-3 font-medium">
              <input
                {...getInputProps(confirm, { type: "checkbox", value: "on" })}
                className="size-5 shrink-0 accent-primary"
              />
              Guardar aunque se lea mal
            </label>
          </div>
        ) : null}
      </div>
    </section>
  );
}
