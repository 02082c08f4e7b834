import { cn } from "~/components/ui/cn";
import type { AgentStatus } from "~/lib/chat";

const DOT: Record<AgentStatus, string> = {
  online: "bg-green-500",
  busy: "bg-red-500",
  away: "bg-amber-400",
  offline: "bg-gray-400",
};

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join("") || "?";

/** An agent's picture or initials, with an optional status dot. */
export function AgentAvatar({
  name,
  avatarUrl,
  status,
  className,
}: {
  name: string;
  avatarUrl?: string | null;
  status?: AgentStatus;
  className?: string;
}) {
  return (
    <span className={cn("relative inline-flex size-10 shrink-0", className)}>
      {avatarUrl ? (
        <img src={avatarUrl} alt="" className="size-full rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="inline-flex size-full items-center justify-center rounded-full bg-chat/20 text-sm font-semibold text-chat-strong"
        >
          {initials(name)}
        </span>
      )}
      {status ? (
        <span
          aria-hidden="true"
          className={cn("absolute -right-0.5 -bottom-0.5 size-3 rounded-full ring-2 ring-card", DOT[status])}
        />
      ) : null}
    </span>
  );
}

export function StatusDot({ status }: { status: AgentStatus }) {
  return <span aria-hidden="true" className={cn("inline-block size-2.5 rounded-full", DOT[status])} />;
}
