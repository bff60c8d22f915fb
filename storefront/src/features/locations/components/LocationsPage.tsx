import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

import { RouterLink } from '../../../components/RouterLink';
import { useMyLocations } from '../api/get-my-locations';

/** /locations: pick the location to count — the caller's department's wards and carts. */
export function LocationsPage() {
  const { data, error } = useMyLocations();

  function content() {
    if (!data) {
      if (!error) return <Typography role="status">Loading</Typography>;
      return <Alert severity="error">Could not load your locations: {error.message}</Alert>;
    }
    if (data.length === 0) {
      return (
        <Alert severity="info">
          No location has a stock list for your department yet. An administrator sets them up in the back office.
        </Alert>
      );
    }
    return (
      <Paper variant="outlined">
        <List aria-label="Locations to count" disablePadding>
          {/* A list holds list items: each link sits in one (axe 'list'). */}
          {data.map((location) => (
            <ListItem key={location.id} disablePadding>
              <ListItemButton component={RouterLink} to={`/locations/${location.id}`} divider sx={{ minHeight: 72 }}>
                <ListItemText
                  primary={location.name}
                  secondary={`${location.department_name} · ${location.item_count} ${location.item_count === 1 ? 'item' : 'items'}`}
                  slotProps={{ primary: { variant: 'h6' } }}
                />
                <ChevronRight aria-hidden />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    );
  }

  return (
    <Container component="main" maxWidth="sm" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Count and top up
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Pick a location, count what is on the shelf, and add what is missing to your cart.
      </Typography>
      {content()}
    </Container>
  );
}
