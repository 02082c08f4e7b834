import { Mail } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { EMAIL_MAX } from "~/lib/mail";
import { trackingPath } from "~/lib/orders";

export const MAIL_FOLLOW_INTENT = { follow: "mail-follow", stop: "mail-stop" } as const;

/** Who hears of the parcel by e-mail, as the unlocked page shows them (addresses masked). */
export type MailFollowing = { followers: { id: string; email: string }[] };
export type MailFollowAnswer = { ok: boolean; message: string; email?: string; at?: number };

/**
 * 'Avisos por correo' on an unlocked tracking page (issue 40): ask for the parcel's notices by
 * e-mail, or stop them for an address. Plain forms posting to the page's action, so they work
 * without JavaScript; what was typed comes back in the field when it is refused.
 */
export function MailFollow({
  trackingNumber,
  following,
  answer,
}: {
  trackingNumber: string;
  following: MailFollowing;
  answer: MailFollowAnswer | null;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === MAIL_FOLLOW_INTENT.follow;
  const action = trackingPath(trackingNumber);
  return (
    <section
      aria-labelledby="mail-follow-title"
      className="space-y-3 rounded-2xl border border-border bg-card p-5 shadow-sm"
    >
      <h2 id="mail-follow-title" className="flex items-center gap-2 font-heading text-lg font-bold">
        <Mail aria-hidden="true" className="size-5 text-primary" />
        Avisos por correo
      </h2>
      {following.followers.length > 0 ? (
        <ul className="space-y-2" aria-label="Correos que reciben avisos">
          {following.followers.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                Avisos activos para <span className="font-medium">{f.email}</span>
              </span>
              <Form method="post" action={action} preventScrollReset>
                <input type="hidden" name="intent" value={MAIL_FOLLOW_INTENT.stop} />
                <input type="hidden" name="id" value={f.id} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  aria-label={`Dejar de recibir avisos en ${f.email}`}
                >
                  Dejar de recibir
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" action={action} preventScrollReset className="space-y-2">
        <input type="hidden" name="intent" value={MAIL_FOLLOW_INTENT.follow} />
        <Label htmlFor="mail-follow-email">Recibir un correo cuando el pedido cambie de estado</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            // A new answer makes a new field: empty after a success, what was typed after a refusal.
            key={answer?.at ?? "first"}
            id="mail-follow-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            placeholder="tu@correo.com"
            defaultValue={answer && !answer.ok ? (answer.email ?? "") : ""}
            aria-invalid={answer && !answer.ok ? true : undefined}
            aria-describedby={answer ? "mail-follow-answer" : undefined}
            className="sm:flex-1"
            required
          />
          <Button type="submit" disabled={busy} className="sm:w-44">
            {busy ? "Guardando..." : "Avisarme por correo"}
          </Button>
        </div>
        {answer ? (
          <p
            id="mail-follow-answer"
            role={answer.ok ? "status" : "alert"}
            className={answer.ok ? "text-sm text-muted-foreground" : "text-sm font-medium text-destructive"}
          >
            {answer.message}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
