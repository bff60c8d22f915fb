import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';

import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function ProductPage() {
  const { asin } = useParams();
  return (
    <PlaceholderPage title="Product">
      <Typography>ASIN: {asin}</Typography>
    </PlaceholderPage>
  );
}
