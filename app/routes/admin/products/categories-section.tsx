import { getFormProps, getInputProps } from "@conform-to/react";
import { ArrowDown, ArrowUp, Pencil, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { href, useActionData, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { StatusButton } from "~/components/ui/status-button";
import type { CategoryUsage } from "~/lib/catalog";
import {
  CATEGORY_INTENT,
  CATEGORY_LABEL_MAX,
  categoryAddSchema,
  categoryRenameSchema,
} from "~/lib/category-form";
import { useReplyMessage, useZodForm } from "~/lib/forms";
import type { ActionData } from "./types";

const CATEGORY_INTENTS: readonly string[] = Object.values(CATEGORY_INTENT);

const usedBy = (n: number) => (n === 0 ? "Sin productos" : n === 1 ? "1 producto" : `${n} productos`);

/**
 * 'Categorías' of the products tab (issue 38): the owner's categories in the order of the shop's
 * filters; add, rename, move up or down, and remove one no product uses (the server refuses the
 * others, saying how many products use it). Every control is a real form posting to /admin, so
 * it works before the scripts run; with them, the answer comes as a toast.
 */
export function CategoriesSection({
  categories,
  className,
}: {
  categories: CategoryUsage[];
  className?: string;
}) {
  const adder = useFetcher<ActionData>();
  useReplyMessage(adder.data);
  // Without JavaScript a form's answer is the page's own (no toast): said here instead.
  const page = useActionData<ActionData>();
  const pageReply = page && CATEGORY_INTENTS.includes(page.intent) ? page : undefined;
  const [form, fields] = useZodForm(categoryAddSchema, {
    id: "category-add",
    lastResult: adder.data?.result ?? (pageReply?.intent === CATEGORY_INTENT.add ? pageReply.result : null),
  });
  const label = fields.label;
  return (
    <section aria-labelledby="categories-title" className={className}>
      <Card className="p-4 sm:p-5">
        <h2 id="categories-title" className="text-lg font-semibold">
          Categorías
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Los filtros de la tienda, en este orden. Solo se puede eliminar una categoría sin productos.
        </p>
        <adder.Form
          {...getFormProps(form)}
          method="post"
          action={href("/admin/productos")}
          className="mt-4 grid gap-2"
        >
          <input type="hidden" name="intent" value={CATEGORY_INTENT.add} />
          <Label htmlFor={label.id}>Nueva categoría</Label>
          <div className="flex gap-2">
            <Input
              {...getInputProps(label, { type: "text" })}
              key={label.key}
              maxLength={CATEGORY_LABEL_MAX}
              placeholder="Ej: Bebidas"
              autoComplete="off"
            />
            <StatusButton pending={adder.state !== "idle"} pendingLabel="Agregando..." className="shrink-0">
              Agregar
            </StatusButton>
          </div>
          <FieldError id={label.errorId} errors={label.errors} />
        </adder.Form>
        {pageReply?.message ? (
          <p
            role={pageReply.ok ? "status" : "alert"}
            className={cn("mt-3 text-sm font-medium", pageReply.ok ? "text-primary" : "text-destructive")}
          >
            {pageReply.message.description}
          </p>
        ) : null}
        {categories.length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            Aún no hay categorías: agrega la primera para poder guardar productos.
          </p>
        ) : (
          <ol aria-label="Orden de las categorías" className="mt-4 flex flex-col divide-y border-t">
            {categories.map((c, i) => (
              <CategoryItem key={c.value} category={c} first={i === 0} last={i === categories.length - 1} />
            ))}
          </ol>
        )}
      </Card>
    </section>
  );
}

type ItemProps = { category: CategoryUsage; first: boolean; last: boolean };

/** One category: its name and use, up/down, remove, and 'Renombrar' (a disclosure with its form). */
function CategoryItem({ category, first, last }: ItemProps) {
  const fetcher = useFetcher<ActionData>();
  useReplyMessage(fetcher.data);
  const busy = fetcher.state !== "idle";
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const rename = useRef<HTMLDetailsElement>(null);
  const moving = useRef<"up" | "down" | null>(null);
  const direction = fetcher.formData?.get("direction");
  if (direction === "up" || direction === "down") moving.current = direction;

  // The row moved in the list (and its button may now be disabled at the top or the bottom): the
  // keyboard stays on the row, so a category can be moved several places with Enter.
  useEffect(() => {
    if (fetcher.state !== "idle" || !moving.current) return;
    const wanted = moving.current === "up" ? up.current : down.current;
    const other = moving.current === "up" ? down.current : up.current;
    moving.current = null;
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [fetcher.state]);

  const reply = fetcher.data;
  const renameReply = reply?.intent === CATEGORY_INTENT.rename ? reply : undefined;
  useEffect(() => {
    if (renameReply?.ok && rename.current) rename.current.open = false;
  }, [renameReply]);

  const [form, fields] = useZodForm(categoryRenameSchema, {
    id: `category-rename-${category.value}`,
    lastResult: renameReply?.result ?? null,
    defaultValue: { value: category.value, label: category.label },
  });
  const { label } = category;
  return (
    <li className="flex flex-col gap-1 py-3">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{label}</p>
          <p className="text-xs text-muted-foreground">{usedBy(category.products)}</p>
        </div>
        <fetcher.Form method="post" action={href("/admin/productos")} className="flex shrink-0 gap-1">
          <input type="hidden" name="intent" value={CATEGORY_INTENT.move} />
          <input type="hidden" name="value" value={category.value} />
          <Button
            ref={up}
            type="submit"
            name="direction"
            value="up"
            variant="outline"
            size="icon"
            disabled={first || busy}
            aria-label={`Subir «${label}»`}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            ref={down}
            type="submit"
            name="direction"
            value="down"
            variant="outline"
            size="icon"
            disabled={last || busy}
            aria-label={`Bajar «${label}»`}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
        </fetcher.Form>
        <fetcher.Form method="post" action={href("/admin/productos")} className="shrink-0">
          <input type="hidden" name="intent" value={CATEGORY_INTENT.remove} />
          <input type="hidden" name="value" value={category.value} />
          <Button
            type="submit"
            variant="ghost"
            size="icon"
            className="text-destructive hover:text-destructive"
            disabled={busy}
            aria-label={`Eliminar «${label}»`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </fetcher.Form>
      </div>
      <details ref={rename} className="group">
        <summary className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md text-sm font-medium text-primary hover:underline md:min-h-8">
          <Pencil aria-hidden="true" className="size-3.5" />
          Renombrar<span className="sr-only"> «{label}»</span>
        </summary>
        <fetcher.Form
          {...getFormProps(form)}
          method="post"
          action={href("/admin/productos")}
          className="mt-1 grid gap-2"
        >
          <input type="hidden" name="intent" value={CATEGORY_INTENT.rename} />
          <input type="hidden" name="value" value={category.value} />
          <Label htmlFor={fields.label.id} className="sr-only">
            Nuevo nombre de «{label}»
          </Label>
          <div className="flex gap-2">
            <Input
              {...getInputProps(fields.label, { type: "text" })}
              key={fields.label.key}
              maxLength={CATEGORY_LABEL_MAX}
              autoComplete="off"
            />
            <StatusButton
              pending={busy && fetcher.formData?.get("intent") === CATEGORY_INTENT.rename}
              className="shrink-0"
            >
              Guardar
            </StatusButton>
          </div>
          <FieldError id={fields.label.errorId} errors={fields.label.errors} />
        </fetcher.Form>
      </details>
    </li>
  );
}
