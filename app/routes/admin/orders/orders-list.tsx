import { StatusBadge, StatusSymbols } from "~/components/orders/status";
import { formatDateTime } from "~/lib/dates";
import { displayPhone } from "~/lib/phone";
import { OrderActions, OrderActionsSymbol, WhatsappNotify } from "./order-actions";
import type { StaffOrder } from "./types";

const HEADERS = ["Tracking #", "Cliente", "Estado", "Repartidor", "Últ. Actualización", "Acciones"];

/**
 * One page of orders, drawn once: a table on wider screens, and on phones each row is a card
 * (the `.orders-table` rules in app/app.css place its cells), so a page of 50 orders is one set
 * of rows instead of a table and a list of cards both (docs/decisions/0024-staff-lists.md).
 * The cells carry no classes of their own: the stylesheet styles them by position.
 */
export function OrdersList(props: {
  orders: StaffOrder[];
  tz?: string;
  origin: string;
  /** May open an order's chat conversation ('Abrir conversación'). */
  canChat?: boolean;
  onEdit: (o: StaffOrder) => void;
  /** The form marked rows go to ('Añadir marcados al embarque'); no checkboxes without it. */
  selectForm?: string;
}) {
  const { orders, tz, origin, canChat = false, onEdit, selectForm } = props;
  return (
    <div className="md:overflow-x-auto">
      <OrderActionsSymbol />
      <StatusSymbols />
      <table className="orders-table">
        <thead>
          <tr>
            {HEADERS.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id}>
              <td>
                {selectForm ? (
                  <label className="inline-flex items-center gap-2">
                    <input
                      type="checkbox"
                      name="orderIds"
                      value={o.id}
                      form={selectForm}
                      className="size-5 shrink-0 accent-primary"
                    />
                    <span>{o.trackingNumber}</span>
                  </label>
                ) : (
                  o.trackingNumber
                )}
                {o.shipmentReference ? (
                  <span className="block font-sans text-xs font-normal text-muted-foreground">
                    {o.shipmentReference}
                  </span>
                ) : null}
              </td>
              <td>
                <p>{o.customerName}</p>
                {o.customerPhone ? <p>{displayPhone(o.customerPhone)}</p> : null}
              </td>
              <td>
                <StatusBadge status={o.status} />
              </td>
              <td>{o.courier?.name ?? "No asignado"}</td>
              <td>{formatDateTime(o.updatedAt, tz)}</td>
              <td>
                <div>
                  <WhatsappNotify order={o} origin={origin} />
                  <OrderActions order={o} origin={origin} canChat={canChat} onEdit={() => onEdit(o)} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
