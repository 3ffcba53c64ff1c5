/** /stock-and-prices/cover-managment: the covers, and on a second tab the cover types by season. */
import { useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { poolCover, DEFAULT_COVER } from '../../../../schemas/poolCover';
import { poolCoverType } from '../../../../schemas/poolCoverType';
import { ResourcePage } from '../generated/ResourcePage';

export default function PoolCoverPage() {
  const [tab, setTab] = useState(0);
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_, value) => setTab(value)}>
          <Tab label="Cobertores" />
          <Tab label="Tipos de cobertor" />
        </Tabs>
      </Box>
      {tab === 0
        ? <ResourcePage schema={poolCover} createDefaults={DEFAULT_COVER} />
        : <ResourcePage schema={poolCoverType} />}
    </>
  );
}
