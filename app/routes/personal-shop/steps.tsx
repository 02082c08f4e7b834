import { Card } from "~/components/ui/card";

export type StepItem = { title: string; text: string };

/** A numbered process; on wide screens the steps sit in a row joined by a line. */
export function NumberedSteps({ steps, label }: { steps: StepItem[]; label: string }) {
  return (
    <ol aria-label={label} className="relative grid gap-5 md:grid-cols-5 md:gap-4">
      <span
        aria-hidden="true"
        className="absolute top-7 right-[10%] left-[10%] hidden h-0.5 bg-primary/20 md:block"
      />
      {steps.map((s, i) => (
        <li key={s.title} className="relative">
          <Card className="flex h-full gap-4 p-5 md:flex-col md:items-center md:text-center">
            <span
              aria-hidden="true"
              className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary font-heading text-lg font-bold text-primary-foreground ring-4 ring-background md:-mt-11"
            >
              {i + 1}
            </span>
            <div>
              <h3 className="font-semibold">
                <span className="sr-only">Paso {i + 1}: </span>
                {s.title}
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">{s.text}</p>
            </div>
          </Card>
        </li>
      ))}
    </ol>
  );
}
