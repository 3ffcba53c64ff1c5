/** /tablero/{key}: the production board on a kiosk screen, without a session, through a revocable link's key. */
import { useParams } from 'react-router-dom';
import ProductionBoardPage from './ProductionBoardPage';

export default function KioskBoardPage() {
  return <ProductionBoardPage kioskKey={useParams().key ?? ''} />;
}
