import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconMapSearch, IconSearch } from '@tabler/icons-react';
import { containerSearch, messages } from '@openyard/contracts';
import { ListState } from '../../../ui/ListState';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useYardMap } from '../../containers/hooks/useYardMap';
import { useEntryTags } from '../hooks/useEntryTags';
import { ContainerPlaces } from './ContainerPlaces';
import { KioskEntryForm } from './KioskEntryForm';
import { KioskFrame } from './KioskFrame';
import { PublicNotice } from './PublicNotice';

// /kiosk (spec 2 §2 Kiosk locate, §4, §5): container numbers typed as tags on the on-screen
// keyboard (or one IGM item), at least one; then where they stand on the yard map, or "Location
// not found". The yard map call is the public one (medium Kiosk).
export function KioskLocatePage() {
  const entries = useEntryTags();
  const [searched, setSearched] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const map = useYardMap(searched ?? [], 'Kiosk');

  const locate = () => {
    const asked = entries.entries();
    const search = containerSearch(asked.join(','));
    if (search.kind === 'error') return setProblem(search.error);
    setProblem(null);
    setSearched(search.kind === 'numbers' ? search.numbers : [`${search.igm}:${search.item}`]);
  };
  const again = () => {
    entries.clear();
    setSearched(null);
  };

  return (
    <KioskFrame title="Where is my container?" testId="kiosk-locate">
      {() =>
        searched === null ? (
          <KioskEntryForm
            entries={entries}
            label="Container numbers (or one IGM:ITEM)"
            placeholder="MSCU1234566"
            problem={problem}
            action={{ label: 'Locate', icon: IconSearch, onClick: locate, testId: 'kiosk-locate-submit' }}
            testId="kiosk-locate"
          />
        ) : (
          <Stack gap="lg">
            <ListState
              loading={map.isPending}
              error={map.error ? errorMessageOf(map.error) : null}
              count={1}
              onRetry={() => void map.refetch()}
              testId="kiosk-locations"
            />
            {map.data &&
              (map.data.containers.some((container) => container.location !== null) ? (
                <ContainerPlaces
                  containers={map.data.containers}
                  missing={map.data.notFound}
                  missingText={messages.kioskLocationNotFound}
                  testId="kiosk-locations"
                />
              ) : (
                <PublicNotice color="orange" title={messages.kioskLocationNotFound} testId="kiosk-location-not-found">
                  {[...map.data.notFound, ...map.data.containers.map((container) => container.containerNumber)].join(
                    ', ',
                  )}
                </PublicNotice>
              ))}
            <Group grow>
              <Button
                size="xl"
                variant="light"
                leftSection={<IconMapSearch size={28} />}
                onClick={again}
                data-testid="kiosk-locate-again"
              >
                Search again
              </Button>
            </Group>
          </Stack>
        )
      }
    </KioskFrame>
  );
}
