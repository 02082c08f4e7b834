import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { loginSchema } from "./auth-forms";
import { productSaveSchema } from "./catalog-form";
import { agentStatusSchema, renameSchema } from "./chat-forms";
import { firstError } from "./forms";
import { courierEditSchema, courierFormSchema, orderEditSchema, orderFormSchema } from "./order-forms";

describe("form schemas", () => {
  it("give Conform the constraints of every field the staff forms render", () => {
    const forms = {
      loginSchema,
      productSaveSchema,
      orderFormSchema,
      orderEditSchema,
      courierFormSchema,
      courierEditSchema,
      renameSchema,
      agentStatusSchema,
    };
    for (const [name, schema] of Object.entries(forms)) {
      expect(() => getZodConstraint(schema), name).not.toThrow();
    }
    expect(getZodConstraint(orderFormSchema)).toMatchObject({
      customerName: { required: true },
      customerPhone: { required: false },
    });
  });

  it("firstError names the first field with a message", () => {
    expect(firstError({ a: null, b: ["Falta b"], c: ["Falta c"] })).toEqual(["b", "Falta b"]);
    expect(firstError({ a: null })).toBeNull();
  });
});
