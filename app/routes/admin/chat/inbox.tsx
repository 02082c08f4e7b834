import { MessagesSquare } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { href, useFetcher, useNavigate, useRevalidator, useRouteLoaderData } from "react-router";
import { cn } from "~/components/ui/cn";
import { Sheet, SheetContent, SheetTitle } from "~/components/ui/sheet";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { type ChatMessageView, conversationDisplayName, notificationPreview } from "~/lib/chat";
import { CHAT_INTENT } from "~/lib/chat-forms";
import { useEventStream } from "~/lib/event-stream";
import { useReplyMessage } from "~/lib/forms";
import { notify, notifyError } from "~/lib/toast";
import type { loader as rootLoader } from "~/root";
import { AgentStatusCard } from "./agent-status-card";
import { AssignmentPanel } from "./assignment-panel";
import { ConversationList } from "./conversation-list";
import { ConversationView } from "./conversation-view";
import { DELETE_FETCHER } from "./manage-menu";
import type { ChatActionData, InboxData } from "./types";
import { useNotificationSound } from "./use-notification-sound";
import { useStaffPresence } from "./use-staff-presence";

/** /admin/chat (docs/product.md §3.3): list, conversation, assignment; live through the staff stream. */
export function ChatInbox(props: InboxData) {
  const { conversations, agents, agent, selected, messages, since, user, canManage } = props;
  const timeZone = useRouteLoaderData<typeof rootLoader>("root")?.timeZone;
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const readFetcher = useFetcher();
  const deleter = useFetcher<ChatActionData>({ key: DELETE_FETCHER });
  useReplyMessage(deleter.data, () => navigate("/admin/chat", { replace: true }));
  const playSound = useNotificationSound();
  const [assignOpen, setAssignOpen] = useState(false);
  const [now, setNow] = useState(() => new Date());
  useStaffPresence();

  const conv = props.current ?? null;
  const latest = useRef({ conversations, agents, agent });
  latest.current = { conversations, agents, agent };

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (conversations === null) notifyError("No se pudieron cargar los clientes.");
    else if (agent === null) notifyError("No se pudo cargar la información del agente.");
    else if (messages === null) notifyError("No se pudieron cargar los mensajes.");
  }, [conversations, agent, messages]);

  // Opening a conversation (or a new message arriving while it is open) marks it read.
  // (Only while the tab is visible: a message nobody has seen stays unread.)
  const unread = conv?.unreadCount ?? 0;
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === "visible");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: submit is stable enough; keyed on the conversation
  useEffect(() => {
    if (!conv || unread === 0 || !visible || readFetcher.state !== "idle") return;
    readFetcher.submit(
      { intent: CHAT_INTENT.read, clientId: conv.clientId },
      { method: "post", action: href("/admin/chat") },
    );
  }, [conv?.clientId, unread, visible]);

  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = () => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => revalidator.revalidate(), 120);
  };
  const announce = (m: ChatMessageView) => {
    const { conversations: list, agents: all, agent: me } = latest.current;
    const known = list?.find((c) => c.clientId === m.clientId);
    const assigned = known?.assignment?.agentId;
    // Assigned agents get priority: others stay quiet while the assigned agent is online.
    const elsewhere =
      assigned && assigned !== me?.id && all?.find((a) => a.id === assigned)?.presence === "online";
    if (elsewhere) return;
    notify({
      title: "Nuevo Mensaje",
      // The message itself, with the visitor's name once they have one (not the client id).
      description:
        known && conversationDisplayName(known) !== known.clientId
          ? `${conversationDisplayName(known)}: ${notificationPreview(m.message, m.imageUrl)}`
          : notificationPreview(m.message, m.imageUrl),
      action: { label: "Ver", onClick: () => navigate(`/admin/chat?c=${encodeURIComponent(m.clientId)}`) },
    });
    playSound();
  };
  const down = useRef(false);
  useEventStream({
    url: "/events/staff",
    types: ["chat.message", "chat.client", "chat.agent"],
    since,
    onEvent: (e) => {
      const message = (e.payload as { message?: ChatMessageView }).message;
      if (e.type === "chat.message" && message?.sender === "client") announce(message);
      refresh();
    },
    onReset: refresh,
    onStatus: (connected) => {
      if (connected && down.current) refresh();
      down.current = !connected;
    },
  });

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
          <Tabs defaultValue="conversaciones" className="min-h-0 flex-1 gap-2 pt-3">
            <TabsList className="mx-3 w-auto sm:w-auto">
              <TabsTrigger value="conversaciones" className="flex-1">
                Conversaciones
              </TabsTrigger>
              <TabsTrigger value="estado" className="flex-1">
                Estado
              </TabsTrigger>
            </TabsList>
            <TabsContent
              value="conversaciones"
              className="flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden"
            >
              <ConversationList data={props} selected={selected} now={now} timeZone={timeZone} />
            </TabsContent>
            <TabsContent value="estado" className="min-h-0 flex-1 overflow-y-auto">
              <AgentStatusCard agent={agent} timeZone={timeZone} />
            </TabsContent>
          </Tabs>
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
              timeZone={timeZone}
              canManage={canManage}
              onOpenAssignment={() => setAssignOpen(true)}
              savedReplies={props.savedReplies ?? []}
              canManageReplies={props.canManageReplies}
            />
          ) : (
            <div className="grid flex-1 place-items-center p-6 text-center">
              <div className="max-w-md space-y-3">
                <MessagesSquare aria-hidden="true" className="mx-auto size-12 text-chat-strong" />
                <p className="font-heading text-2xl font-bold">Panel de Chat</p>
                <p className="text-muted-foreground">
                  Selecciona una conversación de la izquierda para ver los mensajes.
                </p>
                <p className="text-sm text-muted-foreground">
                  Los mensajes nuevos de los clientes aparecerán aquí.
                </p>
              </div>
            </div>
          )}
        </section>
        <aside
          aria-label="Asignación"
          className="hidden w-[320px] shrink-0 overflow-y-auto border-l bg-card xl:block"
        >
          <AssignmentPanel conv={conv} agents={agents} timeZone={timeZone} canManage={canManage} />
        </aside>
      </div>
      <Sheet open={assignOpen} onOpenChange={setAssignOpen}>
        <SheetContent side="right" aria-describedby={undefined}>
          <SheetTitle className="sr-only">Asignación</SheetTitle>
          <div className="overflow-y-auto pt-12">
            <AssignmentPanel conv={conv} agents={agents} timeZone={timeZone} canManage={canManage} />
          </div>
        </SheetContent>
      </Sheet>
    </div>
  );
}
