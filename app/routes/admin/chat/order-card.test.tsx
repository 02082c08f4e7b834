import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MessageText } from "~/components/chat/message-text";
import type { ChatMessageView } from "~/lib/chat";
import { renderRoute } from "~/test/render-route";
import { ContactPanel } from "./contact-panel";
import { type ConversationOrders, OrderCard } from "./order-card";
import { StaffMessageLog } from "./staff-message-log";
import type { Conversation } from "./types";

const CLIENT = "session_1795000000000_abcdef123456";
const TRACKING = "TRK-2026-KMN234";

const ORDERS: ConversationOrders = {
  links: { [TRACKING]: TRACKING, KMN234: TRACKING },
  cards: [
    {
      id: "7d3f0c1e-1111-4c3b-9f2e-1a2b3c4d5e6f",
      trackingNumber: TRACKING,
      status: "enviando",
      customerName: "Rosa Díaz",
      last: { text: "Llegó a Managua · Managua", at: "2026-03-04T18:30:00.000Z" },
    },
  ],
  made: [],
};

const message = (
  id: string,
  text: string,
  sender: ChatMessageView["sender"] = "client",
): ChatMessageView => ({
  id,
  clientId: CLIENT,
  sender,
  message: text,
  timestamp: "2026-03-04T18:00:00.000Z",
  agentName: sender === "client" ? null : "Marta",
});

const MESSAGES = [
  message("m1", `Hola, mi pedido es ${TRACKING.toLowerCase()}`),
  message("m2", "El código kmn234, y el ABC999 de mi prima. Muchas GRACIAS", "admin"),
];

/** The conversation's log and side panel card, as the inbox draws them. */
function ConversationScreen() {
  return (
    <>
      <StaffMessageLog
        clientId={CLIENT}
        name="Visitante 1042"
        messages={MESSAGES}
        pending=""
        typing={false}
        orderLinks={ORDERS.links}
      />
      <aside aria-label="Asignación">
        <OrderCard orders={ORDERS} timeZone="America/New_York" />
      </aside>
    </>
  );
}

describe("orders named in a conversation (issue 41)", () => {
  it("are links for staff to the order's card, only where the server found an order", () => {
    renderRoute(ConversationScreen, { path: "/admin/chat", url: `/admin/chat?c=${CLIENT}&filtro=mias` });
    const log = screen.getByRole("log");
    const links = within(log).getAllByRole("link", { name: `Ver pedido ${TRACKING}` });
    expect(links.map((l) => l.textContent)).toEqual([TRACKING.toLowerCase(), "kmn234"]);
    // The inbox's own parameters stay; the card's is added.
    expect(links[0]?.getAttribute("href")).toBe(`/admin/chat?c=${CLIENT}&filtro=mias&pedido=${TRACKING}`);
    expect(within(log).queryByRole("link", { name: /ABC999/ })).toBeNull();
    expect(within(log).getByText(/ABC999 de mi prima\. Muchas GRACIAS/)).toBeTruthy();
    expect(screen.queryByRole("region", { name: `Pedido ${TRACKING}` })).toBeNull();
  });

  it("open the card: status, customer, the timeline's last line and 'Abrir pedido'; closable", async () => {
    renderRoute(ConversationScreen, { path: "/admin/chat", url: `/admin/chat?c=${CLIENT}` });
    const [link] = within(screen.getByRole("log")).getAllByRole("link", { name: `Ver pedido ${TRACKING}` });
    if (!link) throw new Error("no link");
    fireEvent.click(link);
    const card = await screen.findByRole("region", { name: `Pedido ${TRACKING}` });
    expect(within(card).getByText("Enviando")).toBeTruthy();
    expect(within(card).getByText("Rosa Díaz")).toBeTruthy();
    expect(within(card).getByText("Llegó a Managua · Managua")).toBeTruthy();
    expect(within(card).getByText("04 mar 2026, 13:30")).toBeTruthy();
    expect(within(card).getByRole("link", { name: "Abrir pedido" }).getAttribute("href")).toBe(
      `/admin/orders?q=${TRACKING}`,
    );
    expect(link.getAttribute("aria-current")).toBe("true");
    fireEvent.click(within(card).getByRole("link", { name: `Cerrar pedido ${TRACKING}` }));
    await expect.poll(() => screen.queryByRole("region", { name: `Pedido ${TRACKING}` })).toBeNull();
  });

  it("shows the card at once when the page is opened with ?pedido= (no script needed)", () => {
    renderRoute(ConversationScreen, {
      path: "/admin/chat",
      url: `/admin/chat?c=${CLIENT}&pedido=${TRACKING}`,
    });
    expect(screen.getByRole("region", { name: `Pedido ${TRACKING}` })).toBeTruthy();
  });

  it("'Crear pedido' is offered for a visitor who left no details, recording the conversation", async () => {
    const conv = { clientId: CLIENT, customName: "Doña Rosa", visitorNumber: 1042 } as Conversation;
    const made = { ...ORDERS, links: {}, made: [TRACKING] };
    renderRoute(() => (
      <ContactPanel conv={conv} panel={null} canManage canOrders origin="http://localhost" orders={made} />
    ));
    const panel = screen.getByRole("region", { name: "Contacto" });
    // The orders made from this conversation open their card.
    expect(within(panel).getByRole("link", { name: `Ver pedido ${TRACKING}` })).toBeTruthy();
    fireEvent.click(within(panel).getByRole("button", { name: "Crear pedido" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuevo Pedido" });
    expect((within(dialog).getByLabelText(/Cliente/) as HTMLInputElement).value).toBe("Doña Rosa");
    const hidden = dialog.querySelector<HTMLInputElement>('input[name="sourceClientId"]');
    expect(hidden?.value).toBe(CLIENT);
    expect(dialog.querySelector('input[name="contactId"]')).toBeNull();
  });

  it("stay plain text in the visitor's view", () => {
    renderRoute(() => <MessageText text={`Mi pedido es ${TRACKING}`} />);
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByText(`Mi pedido es ${TRACKING}`)).toBeTruthy();
  });
});
