import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { ReactNode } from "react";

/** The shop as every message shows it: its name, logo and main colour, and where links point. */
export type Brand = {
  siteName: string;
  /** The site's origin (PUBLIC_URL): every link in a message is absolute to it. */
  origin: string;
  /** An absolute logo address, or null (the name alone). */
  logoUrl: string | null;
  /** The site's main colour as #rrggbb. */
  primary: string;
  address: string;
  phone: string;
  timeZone: string;
};

export const link = (brand: Brand, path: string) => new URL(path, brand.origin).toString();

const font = "Helvetica, Arial, sans-serif";

/**
 * Every e-mail's frame: the shop's logo or name in its colour, the message, and a footer with
 * the shop's address (and the unsubscribe line when the message has one). One column 600 px
 * wide at most, so it reads on a phone as on a laptop.
 */
export function MailFrame(props: {
  brand: Brand;
  preview: string;
  heading: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { brand } = props;
  return (
    <Html lang="es">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: "#f4f4f5", fontFamily: font, margin: 0, padding: "16px 0" }}>
        <Container
          style={{ backgroundColor: "#ffffff", borderRadius: 8, maxWidth: 600, padding: "24px 20px" }}
        >
          <Section style={{ borderBottom: `4px solid ${brand.primary}`, paddingBottom: 12 }}>
            {brand.logoUrl ? (
              <Img
                src={brand.logoUrl}
                alt={brand.siteName}
                height={48}
                style={{ height: 48, width: "auto" }}
              />
            ) : (
              <Text style={{ color: brand.primary, fontSize: 22, fontWeight: 700, margin: 0 }}>
                {brand.siteName}
              </Text>
            )}
          </Section>
          <Heading
            as="h1"
            style={{ color: "#18181b", fontSize: 22, lineHeight: "28px", margin: "20px 0 8px" }}
          >
            {props.heading}
          </Heading>
          {props.children}
          <Hr style={{ borderColor: "#e4e4e7", margin: "24px 0 12px" }} />
          <Text style={{ color: "#71717a", fontSize: 12, lineHeight: "18px", margin: 0 }}>
            {brand.siteName} · {brand.address} · {brand.phone}
          </Text>
          {props.footer}
        </Container>
      </Body>
    </Html>
  );
}

export function P(props: { children: ReactNode; muted?: boolean }) {
  return (
    <Text
      style={{
        color: props.muted ? "#52525b" : "#27272a",
        fontSize: 16,
        lineHeight: "24px",
        margin: "8px 0",
      }}
    >
      {props.children}
    </Text>
  );
}

/** The message's one main action, in the shop's colour. */
export function Action(props: { brand: Brand; href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "20px 0" }}>
      <Button
        href={props.href}
        style={{
          backgroundColor: props.brand.primary,
          borderRadius: 6,
          color: "#ffffff",
          fontSize: 16,
          fontWeight: 600,
          padding: "12px 20px",
        }}
      >
        {props.children}
      </Button>
    </Section>
  );
}

/** The footer line of a message one can stop receiving. */
export function UnsubscribeLine(props: { href: string; what: string }) {
  return (
    <Text style={{ color: "#71717a", fontSize: 12, lineHeight: "18px", margin: "8px 0 0" }}>
      Recibes este correo por los avisos {props.what}.{" "}
      <Link href={props.href} style={{ color: "#52525b", textDecoration: "underline" }}>
        Dejar de recibir estos avisos
      </Link>
    </Text>
  );
}

/** A two-column line of facts ('Número', 'TRK-…'). */
export function Fact(props: { label: string; children: ReactNode }) {
  return (
    <Text style={{ color: "#27272a", fontSize: 15, lineHeight: "22px", margin: "2px 0" }}>
      <strong>{props.label}:</strong> {props.children}
    </Text>
  );
}
