import { useNavigation } from "react-router";
import { cn } from "~/components/ui/cn";
import type { FormReply } from "~/lib/forms";

/**
 * The last answer of a card's intents, in words, where the card's forms are: a toast would not
 * show without scripts, and these forms work without them.
 */
export function ReplyStatus({
  reply,
  intents,
}: {
  reply: FormReply | undefined;
  intents: readonly string[];
}) {
  const mine = reply && intents.includes(reply.intent) ? reply : null;
  return (
    <p
      role="status"
      className={cn("text-sm font-medium empty:hidden", mine?.ok ? "text-primary" : "text-destructive")}
    >
      {mine?.message
        ? [mine.message.description, mine.reference && `(Referencia: ${mine.reference})`]
            .filter(Boolean)
            .join(" ")
        : ""}
    </p>
  );
}

/** Whether a post of `intent` (about the item `id`, when given) is on its way. */
export function useSubmitting(intent: string, id?: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (id === undefined || navigation.formData?.get("id") === id)
  );
}
