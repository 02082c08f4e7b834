import { MessagesSquare } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher, useNavigate, useRouteLoaderData } from "react-router";
import { cn } from "~/components/ui/cn";
import { Sheet, SheetContent, SheetTitle } from "~/components/ui/sheet";
import { CHAT_URLS } from "~/lib/chat-api";
import { useReplyMessage } from "~/lib/forms";
import { notifyError } from "~/lib/toast";
import type { loader as rootLoader } from "~/root";
import { ConversationView } from "./conversation-view";
import { InboxSidebar } from "./inbox-sidebar";
import { DELETE_FETCHER } from "./manage-menu";
import { useOrderSheet } from "./order-card";
import { SidePanel } from "./side-panel";
import type { ChatActionData, InboxData } from "./types";
import { useInboxStream } from "./use-inbox-stream";
import { useMarkRead, useNow, usePageVisible } from "./use-mark-read";

/** /admin/chat (docs/product.md §3.3): list, conversation, assignment; live through the staff stream. */
export function ChatInbox(props: InboxData) {
  const { conversations, agents, agent, messages, since, canManage } = props;
  const timeZone = useRouteLoaderData<typeof rootLoader>("root")?.timeZone;
  const navigate = useNavigate();
  const deleter = useFetcher<ChatActionData>({ key: DELETE_FETCHER });
  useReplyMessage(deleter.data, () => navigate(CHAT_URLS.inbox, { replace: true }));
  const [assignOpen, setAssignOpen] = useState(false);
  const sheetChange = useOrderSheet(setAssignOpen);
  const now = useNow();
  const conv = props.current ?? null;
  useLoadFailures(props);
  useMarkRead(conv, usePageVisible());
  const typing = useInboxStream(since, { conversations, agents, agent, selected: conv?.clientId ?? null });
  const side = (
    <SidePanel
      conv={conv}
      agents={agents}
      me={agent}
      contact={props.contact}
      timeZone={timeZone}
      canManage={canManage}
      canOrders={props.canOrders}
      origin={props.origin}
      orders={props.orders}
    />
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col bg-background">
      <div className="flex min-h-0 flex-1">
        <aside
          aria-label="Clientes"
          className={cn(
            "min-h-0 w-full flex-col border-r bg-card md:flex md:w-1/4 md:max-w-[350px] md:min-w-[280px]",
            conv ? "hidden" : "flex",
          )}
        >
          <InboxSidebar data={props} now={now} timeZone={timeZone} />
        </aside>
        <section
          aria-label="Conversación"
          className={cn("min-w-0 flex-1 flex-col", conv ? "flex" : "hidden md:flex")}
        >
          {conv ? (
            <ConversationView
              key={conv.clientId}
              conv={conv}
              messages={messages}
              visitorTyping={typing.has(conv.clientId)}
              timeZone={timeZone}
              canManage={canManage}
              onOpenAssignment={() => setAssignOpen(true)}
              savedReplies={props.savedReplies ?? []}
              replyVars={props.replyVars}
              canManageReplies
              orderLinks={props.orders?.links}
            />
          ) : (
            <NoConversation />
          )}
        </section>
        <aside
          aria-label="Asignación"
          className="hidden w-[320px] shrink-0 overflow-y-auto border-l bg-card xl:block"
        >
          {side}
        </aside>
      </div>
      <Sheet open={assignOpen} onOpenChange={sheetChange}>
        <SheetContent side="right" aria-describedby={undefined}>
          <SheetTitle className="sr-only">Detalles de la conversación</SheetTitle>
          <div className="overflow-y-auto pt-12">{side}</div>
        </SheetContent>
      </Sheet>
    </div>
  );
}

/** What could not be loaded is said in the spec's words (a toast; the parts show their own alert). */
function useLoadFailures({ conversations, agent, messages }: InboxData) {
  useEffect(() => {
    if (conversations === null) notifyError("No se pudieron cargar los clientes.");
    else if (agent === null) notifyError("No se pudo cargar la información del agente.");
    else if (messages === null) notifyError("No se pudieron cargar los mensajes.");
  }, [conversations, agent, messages]);
}

function NoConversation() {
  return (
    <div className="grid flex-1 place-items-center p-6 text-center">
      <div className="max-w-md space-y-3">
        <MessagesSquare aria-hidden="true" className="mx-auto size-12 text-chat-strong" />
        <p className="font-heading text-2xl font-bold">Panel de Chat</p>
        <p className="text-muted-foreground">
          Selecciona una conversación de la izquierda para ver los mensajes.
        </p>
        <p className="text-sm text-muted-foreground">Los mensajes nuevos de los clientes aparecerán aquí.</p>
      </div>
    </div>
  );
}
