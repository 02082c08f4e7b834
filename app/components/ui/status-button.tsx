import { Button, type ButtonProps } from "./button";
import { Spinner } from "./spinner";

export type StatusButtonProps = ButtonProps & {
  /** True while the form's request runs: the button shows a spinner and `pendingLabel` instead. */
  pending: boolean;
  /** What the button says meanwhile: 'Guardando...' unless told ('Subiendo...', ...). */
  pendingLabel?: string;
};

/**
 * A form's submit button that says what is happening while the request runs. The spinner's
 * status region announces the pending text once; the visible copy is hidden from screen readers.
 */
export function StatusButton({
  pending,
  pendingLabel = "Guardando...",
  type = "submit",
  children,
  ...props
}: StatusButtonProps) {
  return (
    <Button type={type} {...props}>
      {pending ? (
        <>
          <Spinner size="sm" label={pendingLabel} className="text-current" />
          <span aria-hidden="true">{pendingLabel}</span>
        </>
      ) : (
        children
      )}
    </Button>
  );
}
