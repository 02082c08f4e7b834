import { formatDateTime } from "../../../lib/dates";
import { Action, type Brand, link, MailFrame, P } from "./frame";
import type { MailParamsOf } from "./params";

export const passwordHref = (brand: Brand, token: string) => link(brand, `/admin/clave/${token}`);

/** A new staff member's invitation: a link where they choose their password (48 hours, once). */
export function StaffInvitation({ brand, p }: { brand: Brand; p: MailParamsOf["staff.invitation"] }) {
  return (
    <MailFrame
      brand={brand}
      preview={`Te invitaron a ${brand.siteName}.`}
      heading={`Te damos la bienvenida al equipo de ${brand.siteName}`}
    >
      <P>
        Hola {p.name}: {p.invitedBy ? `${p.invitedBy} te dio` : "Tienes"} una cuenta de {p.roleLabel} en el
        panel de la tienda. Elige tu contraseña con este enlace para entrar.
      </P>
      <Action brand={brand} href={passwordHref(brand, p.token)}>
        Elegir mi contraseña
      </Action>
      <P muted>
        El enlace sirve una sola vez y vence el {formatDateTime(p.expiresAt, brand.timeZone)}. Tu usuario es
        este correo.
      </P>
    </MailFrame>
  );
}

/** A password reset link (asked on the sign-in page, or sent by an admin). */
export function StaffReset({ brand, p }: { brand: Brand; p: MailParamsOf["staff.reset"] }) {
  return (
    <MailFrame brand={brand} preview="Restablece tu contraseña." heading="Restablecer contraseña">
      <P>Hola {p.name}: recibimos un pedido para cambiar la contraseña de tu cuenta del panel.</P>
      <Action brand={brand} href={passwordHref(brand, p.token)}>
        Elegir una contraseña nueva
      </Action>
      <P muted>
        El enlace sirve una sola vez y vence el {formatDateTime(p.expiresAt, brand.timeZone)}. Si no lo
        pediste, no hagas nada: tu contraseña sigue igual.
      </P>
    </MailFrame>
  );
}
