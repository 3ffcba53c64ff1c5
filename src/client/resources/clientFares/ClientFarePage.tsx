import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { Button, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { clientFare } from '../../../../schemas/clientFare';
import { ResourcePage } from '../generated/ResourcePage';

/** Opens the fare's own prices. */
function PricesButton() {
  const record = useRecordContext();
  const navigate = useNavigate();
  if (!record) return null;
  return (
    <Button
      label="Precios"
      onClick={(e) => {
        e.stopPropagation();
        navigate(`/clientes/clients-fares/${record.id}`);
      }}
    >
      <RequestQuoteIcon />
    </Button>
  );
}

export default function ClientFarePage() {
  return <ResourcePage schema={clientFare} extraColumns={[<PricesButton key="prices" />]} />;
}
