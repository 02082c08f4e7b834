import {
  Bell,
  BellOff,
  ChartColumn,
  ExternalLink,
  KeyRound,
  MessageSquareText,
  UserRound,
} from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { CHAT_URLS } from "~/lib/chat-api";
import { can, roleLabel, type StaffRole } from "~/lib/permissions";
import { PasswordDialog } from "./password-dialog";
import { useStaffPush } from "./use-staff-push";

/** The signed-in person in the staff frame: name and role, own password, the public site. */
export function AccountMenu({ user }: { user: { name: string; role: StaffRole } }) {
  const [changing, setChanging] = useState(false);
  const alerts = useStaffPush();
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={trigger}
            variant="ghost"
            className="h-10 max-w-56 gap-2 px-2 text-white hover:bg-white/15 hover:text-white"
            aria-label={`Cuenta: ${user.name} (${roleLabel(user.role)})`}
          >
            <UserRound aria-hidden="true" />
            <span className="hidden min-w-0 flex-col items-start leading-tight sm:flex">
              <span className="max-w-40 truncate text-sm font-semibold">{user.name}</span>
              <span className="text-xs font-normal text-white">{roleLabel(user.role)}</span>
            </span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel className="text-sm text-foreground">
            {user.name}
            <span className="block text-xs font-normal text-muted-foreground">{roleLabel(user.role)}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {can(user, "chat:reply") && alerts.state !== "unsupported" ? (
            <DropdownMenuItem
              disabled={alerts.busy || alerts.state === "checking"}
              onSelect={() => void (alerts.state === "on" ? alerts.disable() : alerts.enable())}
            >
              {alerts.state === "on" ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
              {alerts.state === "on"
                ? "Desactivar avisos en este dispositivo"
                : "Activar avisos en este dispositivo"}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => setChanging(true)}>
            <KeyRound aria-hidden="true" />
            Cambiar contraseña
          </DropdownMenuItem>
          {can(user, "chat:reply") ? (
            <DropdownMenuItem asChild>
              <Link to={CHAT_URLS.savedReplies}>
                <MessageSquareText aria-hidden="true" />
                Respuestas guardadas
              </Link>
            </DropdownMenuItem>
          ) : null}
          {can(user, "reports:view") ? (
            <DropdownMenuItem asChild>
              <Link to={CHAT_URLS.reports}>
                <ChartColumn aria-hidden="true" />
                Informes del chat
              </Link>
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem asChild>
            <Link to="/">
              <ExternalLink aria-hidden="true" />
              Ver sitio
            </Link>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <PasswordDialog open={changing} onOpenChange={setChanging} returnFocusTo={trigger} />
    </>
  );
}
