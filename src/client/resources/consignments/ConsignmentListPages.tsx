/**
 * Consignment lists (docs/screens.md): the staff's consignments-list, and a member's /consignments-list/index
 * (the consignments carrying its orders; the server scopes them). A row opens the details.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import AddIcon from '@mui/icons-material/Add';
import {
  Button,
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  NumberField,
  Pagination,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { ExportCsvButton } from '../generated/ExportCsvButton';
import { ListSearchInput } from '../../components/ListSearchInput';
import { consignment } from '../../../../schemas/logistics';
import { formatDateTimeText, todayDay } from '../tasks/calendar/dates';
import { PhoneOrTable } from '../../components/phoneList';
import { ConsignmentDialog } from './ConsignmentDialog';
import type { Consignment } from './consignmentApi';
import { consignmentPaths } from './paths';

const label = (name: string) => consignment.fields.find((f) => f.name === name)?.label ?? name;

function ConsignmentList({ staff }: { staff: boolean }) {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const details = staff ? consignmentPaths.staffDetails : consignmentPaths.memberDetails;
  const filters = [
    <ListSearchInput source="q" alwaysOn key="q" />,
    <TextInput source="carrier" label={label('carrier')} key="carrier" />,
  ];
  return (
    <>
      <List
        resource="consignment"
        title={staff ? 'Envíos' : 'Mis envíos'}
        filters={filters}
        sort={consignment.defaultSort}
        perPage={20}
        pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
        storeKey={staff ? 'consignment.list.staff' : 'consignment.list.member'}
        exporter={false}
        empty={false}
        actions={
          <TopToolbar>
            <FilterButton />
            {staff && (
              <Button label="Añadir" variant="contained" onClick={() => setCreating(true)}>
                <AddIcon />
              </Button>
            )}
            {staff && <ExportCsvButton filename={consignment.label.many} />}
          </TopToolbar>
        }
      >
        <PhoneOrTable<Consignment>
          to={(r) => details(Number(r.id))}
          primary={(r) => `Nº ${r.id} · ${r.carrier}`}
          secondary={(r) => (r.tracking_number ? `${label('tracking_number')}: ${r.tracking_number}` : '')}
          aside={(r) => formatDateTimeText(r.date)}
          table={
            <Datagrid rowClick={(id) => details(Number(id))} bulkActionButtons={false}>
              <NumberField source="id" label={label('id')} />
              <FunctionField source="date" label={label('date')} render={(r: Consignment) => formatDateTimeText(r.date)} />
              <TextField source="carrier" label={label('carrier')} />
              <TextField source="tracking_number" label={label('tracking_number')} emptyText="—" />
              {/* A member's consignment may also carry other clients' orders: it sees only its own in the details. */}
              {staff && <FunctionField label={label('order_ids')} sortable={false} render={(r: Consignment) => r.order_ids?.length ?? 0} />}
            </Datagrid>
          }
        />
      </List>
      {creating && (
        <ConsignmentDialog
          day={todayDay()}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            navigate(details(created.id));
          }}
        />
      )}
    </>
  );
}

export const StaffConsignmentListPage = () => <ConsignmentList staff />;
export const MemberConsignmentListPage = () => <ConsignmentList staff={false} />;
