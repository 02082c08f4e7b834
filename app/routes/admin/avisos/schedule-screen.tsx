import { StaffPage } from "~/components/staff/staff-page";
import { AnnouncementsCard } from "./announcements-card";
import { SpecialDatesCard } from "./special-dates-card";
import type { ScheduleData, ScheduleReply } from "./types";

/** 'Avisos y horarios' (/admin/avisos): the announcement bar and the special dates, side by side on wide screens. */
export function ScheduleScreen({ data, reply }: { data: ScheduleData; reply: ScheduleReply }) {
  return (
    <StaffPage
      title="Avisos y horarios"
      description="La barra de avisos que se ve arriba de todas las páginas, y los días con otro horario. Las horas son las de la tienda."
    >
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <AnnouncementsCard data={data} reply={reply} />
        <SpecialDatesCard data={data} reply={reply} />
      </div>
    </StaffPage>
  );
}
