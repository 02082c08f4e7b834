import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { AgentStatusCard } from "./agent-status-card";
import { ConversationList } from "./conversation-list";
import type { InboxData } from "./types";

/** The left column (docs/product.md §3.3): 'Conversaciones' (the list) and 'Estado' (own status card). */
export function InboxSidebar({ data, now, timeZone }: { data: InboxData; now: Date; timeZone?: string }) {
  return (
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
        <ConversationList data={data} selected={data.selected} now={now} timeZone={timeZone} />
      </TabsContent>
      <TabsContent value="estado" className="min-h-0 flex-1 overflow-y-auto">
        <AgentStatusCard agent={data.agent} timeZone={timeZone} />
      </TabsContent>
    </Tabs>
  );
}
