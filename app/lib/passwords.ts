import { z } from "zod";

/**
 * The staff password rule (docs/product.md §3.7): at least 12 characters and not one of the
 * passwords people pick first. Browser-safe: the forms and the server use the same schema.
 */
export const MIN_PASSWORD_LENGTH = 12;
export const PASSWORD_TOO_SHORT = `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`;
export const PASSWORD_TOO_COMMON = "Esa contraseña es demasiado común o fácil de adivinar; elige otra.";

// Passwords of 12 or more characters that lists of leaked passwords and our own business make
// likely (shorter ones already fail the length). Compared without case and accents.
const COMMON = new Set([
  "123456789012",
  "1234567890123",
  "12345678901234",
  "123123123123",
  "1q2w3e4r5t6y",
  "1qaz2wsx3edc",
  "qwertyuiop12",
  "qwertyuiopas",
  "qwerty123456",
  "qwertyqwerty",
  "asdfghjkl123",
  "abcdefghijkl",
  "abc123abc123",
  "abcd12345678",
  "password1234",
  "password12345",
  "passwordpassword",
  "passw0rd1234",
  "p@ssw0rd1234",
  "iloveyou1234",
  "welcome12345",
  "letmein12345",
  "changeme1234",
  "administrator",
  "administrador",
  "admin1234567",
  "admin12345678",
  "adminadmin123",
  "contrasena123",
  "contrasena1234",
  "micontrasena1",
  "micontrasena123",
  "tequiero1234",
  "teamo1234567",
  "superman1234",
  "football1234",
  "baseball1234",
  "princess1234",
  "sunshine1234",
  "dragon123456",
  "monkey123456",
  "shadow123456",
  "master123456",
  "nicaragua123",
  "nicaragua1234",
  "costarica123",
  "honduras1234",
  "guatemala123",
  "miamiflorida",
  "miami1234567",
  "minimarket123",
  "minimarketlatino",
  "minimarket1234",
  "operador1234",
  "operador12345",
  "usuario12345",
  "bienvenido123",
  "bienvenido1234",
]);

function normalize(p: string): string {
  return p
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** True for a listed password, one character repeated, or a run of consecutive digits. */
export function isCommonPassword(password: string): boolean {
  const p = normalize(password);
  if (COMMON.has(p)) return true;
  if (/^(.)\1+$/.test(p)) return true;
  if (/^\d+$/.test(p) && "01234567890123456789".includes(p)) return true;
  if (/^\d+$/.test(p) && "98765432109876543210".includes(p)) return true;
  return false;
}

export const passwordSchema = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(200, "La contraseña es demasiado larga.")
  .refine((p) => !isCommonPassword(p), PASSWORD_TOO_COMMON);
