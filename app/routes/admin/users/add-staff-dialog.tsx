import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FieldError, FieldHint } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Spinner } from "~/components/ui/spinner";
import { useReplyMessage, useZodForm } from "~/lib/forms";
import { MIN_PASSWORD_LENGTH } from "~/lib/passwords";
import { addStaffSchema } from "~/lib/staff-forms";
import type { UsersActionData } from "./types";

export type AddStaffDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A generated password to show once. */
  onPassword: (shown: { email: string; password: string }) => void;
};

/** 'Agregar usuario' (docs/product.md §3.7): name, e-mail, role, and a password or a generated one. */
export function AddStaffDialog({ open, onOpenChange, onPassword }: AddStaffDialogProps) {
  const fetcher = useFetcher<UsersActionData>();
  const busy = fetcher.state !== "idle";
  useReplyMessage(fetcher.data, (reply) => {
    onOpenChange(false);
    const extra = reply.extra as { email?: string; password?: string | null } | undefined;
    if (extra?.password) onPassword({ email: extra.email ?? "", password: extra.password });
  });
  const [form, fields] = useZodForm(addStaffSchema, {
    id: "staff-add",
    lastResult: fetcher.data?.intent === "staff-add" ? fetcher.data.result : undefined,
    defaultValue: { role: "operador" },
    onValidSubmit: (event, formData) => {
      event.preventDefault();
      if (!busy) void fetcher.submit(formData, { method: "post", action: "/admin/users" });
    },
  });
  const hintId = `${fields.password.id}-hint`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Agregar usuario</DialogTitle>
          <DialogDescription>
            La persona podrá entrar al panel con su correo y la contraseña.
          </DialogDescription>
        </DialogHeader>
        <form {...getFormProps(form)} method="post" action="/admin/users" className="grid gap-4">
          <input type="hidden" name="intent" value="staff-add" />
          <fieldset disabled={busy} className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={fields.name.id}>Nombre</Label>
              <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="off" />
              <FieldError id={fields.name.errorId} errors={fields.name.errors} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={fields.email.id}>Correo electrónico</Label>
              <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" />
              <FieldError id={fields.email.errorId} errors={fields.email.errors} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={fields.role.id}>Rol</Label>
              <NativeSelect {...getSelectProps(fields.role)}>
                <option value="operador">operador</option>
                <option value="admin">admin</option>
              </NativeSelect>
              <FieldError id={fields.role.errorId} errors={fields.role.errors} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={fields.password.id}>Contraseña (opcional)</Label>
              <Input
                {...getInputProps(fields.password, { type: "password", ariaDescribedBy: hintId })}
                autoComplete="new-password"
              />
              <FieldHint id={hintId}>
                Déjala vacía para generar una segura que verás una sola vez. Si la escribes: al menos{" "}
                {MIN_PASSWORD_LENGTH} caracteres.
              </FieldHint>
              <FieldError id={fields.password.errorId} errors={fields.password.errors} />
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancelar
              </Button>
              <Button type="submit">
                {busy ? (
                  <>
                    <Spinner size="sm" label="Guardando..." className="text-current" />
                    Guardando...
                  </>
                ) : (
                  "Agregar usuario"
                )}
              </Button>
            </div>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
