import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ORDER_STATUSES, type OrderStatus, type TrackingView } from "~/lib/orders";
import { TrackingResult } from "./tracking-result";

afterEach(cleanup);

/** A box to Managua: left Miami, arrived in Managua, with the courier's '2 días' and the expected days. */
function parcel(status: OrderStatus): TrackingView {
  return {
    trackingNumber: "TRK-2026-MNG234",
    status,
    customerName: "Valentina C.",
    orderDescription: "Caja 20x20x20 con ropa",
    orderTotal: "$245.00",
    estimatedDeliveryTime: "2 días",
    customerNote: null,
    courier: null,
    enLocalAt: "2026-11-25T15:00:00.000Z",
    enviandoAt: "2026-11-27T15:00:00.000Z",
    enRepartoAt: status === "en_reparto" ? "2026-12-04T15:00:00.000Z" : null,
    entregadoAt: status === "entregado" ? "2026-12-05T15:00:00.000Z" : null,
    canceladoAt: status === "cancelado" ? "2026-12-05T15:00:00.000Z" : null,
    updatedAt: "2026-12-04T15:00:00.000Z",
    events: [
      {
        id: "e1",
        status: "enviando",
        note: "Salió de Miami",
        place: "Miami",
        at: "2026-11-27T15:00:00.000Z",
      },
      { id: "e2", status: null, note: "Llegó a Managua", place: "Managua", at: "2026-12-03T15:00:00.000Z" },
    ],
    expected: { from: "2026-12-05", to: "2026-12-09" },
    destinationName: "Nicaragua",
    delivery: null,
    locked: true,
  };
}

let shownOrder: TrackingView = parcel("en_local");
function ShownOrder() {
  return <TrackingResult order={shownOrder} whatsapp={null} />;
}
const Stub = createRoutesStub([{ path: "/seguimiento", Component: ShownOrder }]);

function show(order: TrackingView) {
  shownOrder = order;
  render(<Stub initialEntries={["/seguimiento"]} />);
}

const daysShown = () => screen.queryAllByTestId("expected-delivery").length;
const timeShown = () => screen.queryAllByRole("heading", { name: "Tiempo Estimado" }).length;

describe("the tracking result of a parcel that arrived in Managua", () => {
  it("shows one estimate at most, for every status", () => {
    const shown: Record<string, [number, number]> = {};
    for (const status of ORDER_STATUSES) {
      show(parcel(status));
      shown[status] = [daysShown(), timeShown()];
      cleanup();
    }
    // [expected days, 'Tiempo Estimado']: the days until the courier's time takes over, none once ended.
    expect(shown).toEqual({
      en_local: [1, 0],
      enviando: [1, 0],
      en_reparto: [0, 1],
      entregado: [0, 0],
      cancelado: [0, 0],
    });
  });

  it("says what is true of the step it is at, next to the notes staff wrote", () => {
    show(parcel("enviando"));
    expect(screen.getByText("Tu paquete salió de nuestro local y va rumbo a Nicaragua.")).toBeTruthy();
    expect(screen.queryByText(/asignando un repartidor/)).toBeNull();
    expect(screen.getByText("Llegó a Managua")).toBeTruthy();
    cleanup();
    show(parcel("en_reparto"));
    expect(
      screen.getByText("Tu paquete está en Nicaragua y va camino a la dirección de entrega."),
    ).toBeTruthy();
    expect(screen.getByText("2 días")).toBeTruthy();
  });
});
