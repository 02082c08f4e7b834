import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { PHONE_COUNTRIES } from "~/lib/phone";

/** 'Teléfono' with its country code beside it (a customer's, a courier's): read in that country, stored in E.164. */
export function PhoneField({
  phone,
  country,
  label = "Teléfono",
  whose = "",
}: {
  phone: FieldMetadata<string | null | undefined>;
  country: FieldMetadata<string | null | undefined>;
  label?: string;
  /** Whose number, for the country select's name when a form has two ('del remitente'). */
  whose?: string;
}) {
  return (
    <Field field={phone} label={label}>
      <div className="flex gap-2">
        <NativeSelect
          {...getSelectProps(country)}
          aria-label={whose ? `Código de país ${whose}` : "Código de país"}
          className="w-28 shrink-0"
        >
          {PHONE_COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} {c.dial}
            </option>
          ))}
        </NativeSelect>
        <Input
          {...getInputProps(phone, { type: "tel" })}
          autoComplete="off"
          placeholder="8765 4321"
          maxLength={50}
          className="min-w-0"
        />
      </div>
    </Field>
  );
}
