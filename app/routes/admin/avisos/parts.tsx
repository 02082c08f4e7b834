import { Form, href, Link } from "react-router";
import { useSubmitting } from "~/components/staff/reply-status";
import { Button } from "~/components/ui/button";
import { StatusButton } from "~/components/ui/status-button";

/** Where every form of the screen posts: without the '?aviso=' of an open form, so a save closes it. */
export const ACTION = href("/admin/avisos");

/** The end of a card's form: 'Cancelar' while an item is being changed, and the save button. */
export function FormButtons({
  editing,
  pending,
  saveLabel,
}: {
  editing: boolean;
  pending: boolean;
  saveLabel: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {editing ? (
        <Button asChild variant="outline">
          <Link to={ACTION}>Cancelar</Link>
        </Button>
      ) : null}
      <StatusButton pending={pending}>{editing ? "Guardar cambios" : saveLabel}</StatusButton>
    </div>
  );
}

/** 'Editar' of a list item: opens the card's form on it by the address (`?aviso=…`), also without scripts. */
export function EditLink({
  param,
  id,
  formId,
  srLabel,
}: {
  param: string;
  id: string;
  formId: string;
  srLabel: string;
}) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={{ pathname: ACTION, search: `?${param}=${id}`, hash: formId }}>
        Editar<span className="sr-only"> {srLabel}</span>
      </Link>
    </Button>
  );
}

/** A one-button form of a list item (show/hide, delete): an intent, an id, and what else it says. */
export function RowAction({
  intent,
  id,
  fields,
  label,
  srLabel,
  destructive,
}: {
  intent: string;
  id: string;
  fields?: Record<string, string>;
  label: string;
  /** Read after the label by screen readers: which item ('del aviso «…»'). */
  srLabel: string;
  destructive?: boolean;
}) {
  const busy = useSubmitting(intent, id);
  return (
    <Form method="post" action={ACTION}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={busy}
        className={destructive ? "text-destructive hover:text-destructive" : undefined}
      >
        {label}
        <span className="sr-only"> {srLabel}</span>
      </Button>
    </Form>
  );
}
