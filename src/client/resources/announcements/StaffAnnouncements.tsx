/**
 * The staff's announcement list: add, edit and delete in the generated dialogs, each one seen as its
 * readers see it ("Ver") and who has read it ("Lecturas").
 */
import { useState, type ReactElement } from 'react';
import { AutocompleteArrayInput, Button, FormDataConsumer, FunctionField, ReferenceArrayInput, useRecordContext } from 'react-admin';
import VisibilityIcon from '@mui/icons-material/Visibility';
import GroupIcon from '@mui/icons-material/Group';
import { announcement } from '../../../../schemas/announcement';
import { CHOSEN_CLIENTS, STAFF_ONLY } from '../../../shared/announcements';
import { type BoardAnnouncement } from '../../../shared/announcementAnswers';
import { formatDay } from '../../../shared/format';
import { ResourcePage } from '../generated/ResourcePage';
import { AnnouncementDialog } from './AnnouncementBoard';
import { markRead } from './announcementApi';
import { ReadersDialog } from './ReadersDialog';

type Announcement = BoardAnnouncement & { audience: number; visible_from: string | null };

/** The chosen clients, asked for only when the audience is "Clientes elegidos". */
function ChosenClientsInput() {
  return (
    <FormDataConsumer>
      {({ formData }) =>
        Number(formData?.audience) === CHOSEN_CLIENTS ? (
          <ReferenceArrayInput source="client_ids" reference="client" perPage={50}>
            <AutocompleteArrayInput
              label="Clientes elegidos"
              fullWidth
              helperText={false}
              filterToQuery={(q) => ({ q })}
              noOptionsText="app.no_match"
              loadingText="app.loading"
            />
          </ReferenceArrayInput>
        ) : null}
    </FormDataConsumer>
  );
}

/** A row's button that hands its record over (to a dialog). */
function RowButton({ label, icon, onOpen }: { label: string; icon: ReactElement; onOpen: (record: Announcement) => void }) {
  const record = useRecordContext<Announcement>();
  if (!record) return null;
  return <Button label={label} onClick={(e) => { e.stopPropagation(); onOpen(record); }}>{icon}</Button>;
}

/** "Ver": the announcement as its readers see it; a staff-only one counts as read by the admin who opens it. */
function preview(record: Announcement, show: (record: Announcement) => void) {
  show(record);
  if (record.audience === STAFF_ONLY && !record.read_at) markRead(record.id).catch(() => undefined);
}

const dayColumn = (source: 'visible_from' | 'visible_until', label: string) => ({
  column: <FunctionField key={source} source={source} label={label} render={(r: Announcement) => formatDay(r[source]) || '—'} />,
});

export function StaffAnnouncements() {
  const [readersOf, setReadersOf] = useState<Announcement | null>(null);
  const [shown, setShown] = useState<Announcement | null>(null);
  return (
    <>
      <ResourcePage
        schema={announcement}
        title="Tablón de anuncios"
        createDefaults={{ audience: 1 }}
        overrides={{ visible_from: dayColumn('visible_from', 'Visible desde'), visible_until: dayColumn('visible_until', 'Visible hasta') }}
        dialog={{ children: <ChosenClientsInput /> }}
        extraColumns={[
          <RowButton key="show" label="Ver" icon={<VisibilityIcon />} onOpen={(record) => preview(record, setShown)} />,
          <RowButton key="readers" label="Lecturas" icon={<GroupIcon />} onOpen={setReadersOf} />,
        ]}
      />
      {shown && <AnnouncementDialog item={shown} onClose={() => setShown(null)} />}
      {readersOf && <ReadersDialog announcement={readersOf} onClose={() => setReadersOf(null)} />}
    </>
  );
}
