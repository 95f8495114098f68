import type { Layer } from '@deck.gl/core';
import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { metadataState } from '../../../app/states/metadataState';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { YardGeoMap } from '../../containers/components/YardGeoMap';
import { useYardLayout } from '../../containers/hooks/useYardLayout';

// The yard's geographic map (the one base every map screen shares) with yard locations drawn on
// it; an editor passes a click handler and locks panning while a corner is dragged.
export function YardLocationsMap({
  overlays,
  onMapClick,
  dragPanLocked,
  testId,
}: {
  overlays: readonly Layer[];
  onMapClick?: (coordinate: [number, number]) => void;
  dragPanLocked?: boolean;
  testId: string;
}) {
  const metadata = useAtomValue(metadataState);
  const layout = useYardLayout();
  if (layout.isPending)
    return (
      <Center h={380}>
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  if (layout.error || !layout.data)
    return (
      <Alert color="red" icon={<IconAlertCircle size={16} />}>
        {errorMessageOf(layout.error)}
      </Alert>
    );
  return (
    <YardGeoMap
      layout={layout.data}
      tileUrl={metadata?.mapTileUrl ?? ''}
      center={metadata?.yardCenter ?? { latitude: 0, longitude: 0 }}
      overlays={overlays}
      testId={testId}
      {...(onMapClick ? { onMapClick } : {})}
      {...(dragPanLocked === undefined ? {} : { dragPanLocked })}
    />
  );
}
