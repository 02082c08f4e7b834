import { Section, Text } from "@react-email/components";
import { formatDateTime } from "../../../lib/dates";
import { Action, type Brand, link, MailFrame, P } from "./frame";
import type { MailParamsOf } from "./params";

const WHAT: Record<MailParamsOf["shop.notice"]["what"], { heading: string; preview: string }> = {
  contact: { heading: "Nuevo mensaje del formulario de contacto", preview: "Mensaje de contacto" },
  quote: { heading: "Nueva solicitud de cotización", preview: "Solicitud de cotización" },
  chat: { heading: "Nueva conversación en el chat", preview: "Conversación nueva" },
  message: { heading: "Nuevo mensaje en el chat", preview: "Mensaje nuevo" },
  more: { heading: "Más mensajes sin responder", preview: "Mensajes sin responder" },
};

/** What the shop hears when a visitor writes and nobody of the team is online. */
export function ShopNotice({ brand, p }: { brand: Brand; p: MailParamsOf["shop.notice"] }) {
  const what = WHAT[p.what];
  return (
    <MailFrame brand={brand} preview={`${what.preview} de ${p.name}`} heading={what.heading}>
      <P>
        {p.what === "more"
          ? `${p.name} escribió ${p.count === 1 ? "1 mensaje más" : `${p.count} mensajes más`} y nadie del equipo estaba en línea.`
          : `${p.name} escribió y nadie del equipo estaba en línea.`}
      </P>
      {p.excerpt ? (
        <Section style={{ backgroundColor: "#f4f4f5", borderRadius: 6, padding: "4px 12px" }}>
          <Text style={{ color: "#27272a", fontSize: 15, lineHeight: "22px", whiteSpace: "pre-wrap" }}>
            {p.excerpt}
          </Text>
        </Section>
      ) : null}
      <Action brand={brand} href={link(brand, `/admin/chat?c=${encodeURIComponent(p.clientId)}`)}>
        Abrir la conversación
      </Action>
    </MailFrame>
  );
}

/** A conversation as the visitor (or staff for them) asked to keep it. */
export function ChatTranscript({ brand, p }: { brand: Brand; p: MailParamsOf["chat.transcript"] }) {
  return (
    <MailFrame
      brand={brand}
      preview={`Tu conversación con ${brand.siteName}`}
      heading={`Tu conversación con ${brand.siteName}`}
    >
      <P muted>
        {p.name ? `Hola ${p.name}: esta` : "Esta"} es la conversación que tuviste con nosotros en el chat.
      </P>
      {p.messages.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a transcript is a fixed list
        <Section key={i} style={{ margin: "10px 0" }}>
          <Text style={{ color: "#71717a", fontSize: 12, lineHeight: "16px", margin: 0 }}>
            {m.author ?? brand.siteName} · {formatDateTime(m.at, brand.timeZone)}
          </Text>
          <Text
            style={{
              backgroundColor: m.from === "visitor" ? "#f4f4f5" : "#ecfdf5",
              borderRadius: 6,
              color: "#27272a",
              fontSize: 15,
              lineHeight: "22px",
              margin: "2px 0 0",
              padding: "6px 10px",
              whiteSpace: "pre-wrap",
            }}
          >
            {m.body ?? ""}
            {m.photo ? (m.body ? " [foto]" : "[foto]") : ""}
          </Text>
        </Section>
      ))}
      <Action brand={brand} href={link(brand, "/")}>
        Volver a escribirnos
      </Action>
    </MailFrame>
  );
}
