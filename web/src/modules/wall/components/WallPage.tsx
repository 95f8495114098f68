import { useEffect, useMemo, useState } from 'react';
import { Box, Group, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router';
import { hasRole } from '@openyard/contracts';
import { YardClock } from '../../../app/components/YardClock';
import { currentUserState } from '../../../app/states/currentUserState';
import { principalOf } from '../../../app/utils/principalOf';
import { LiveFreshnessIndicator } from '../../../live/components/LiveFreshnessIndicator';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { useLiveSession } from '../../../live/hooks/useLiveSession';
import { useDashboardLive } from '../../dashboard';
import { WALL_TILES } from '../utils/wallTiles';
import { wallGridOf, wallLayoutOf } from '../utils/wallLayoutOf';

const HEADER_FONT = 'clamp(16px, 2.6vh, 44px)';

// The wall display: the chosen tiles side by side, or one at a time in turn, under a bar with the
// yard's clock and how fresh the figures are. Nothing to click: it runs for days on its own (the
// live layer reconnects and refetches; the session renews itself with the display's token).
export function WallPage() {
  // No header here to own the tab's live connection: the wall does.
  useLiveSession();
  const user = useAtomValue(currentUserState);
  const { search } = useLocation();
  const availableKey = useMemo(() => {
    if (!user) return '';
    const principal = principalOf(user);
    return WALL_TILES.filter((tile) => hasRole(principal, 'superadmin') || principal.permissions[tile.flag])
      .map((tile) => tile.id)
      .join(',');
  }, [user]);
  const layout = useMemo(() => {
    const available = availableKey ? availableKey.split(',') : [];
    const defaults = WALL_TILES.filter((tile) => tile.byDefault).map((tile) => tile.id);
    return wallLayoutOf(search, available, defaults);
  }, [search, availableKey]);
  // One subscription keeps every dashboard widget of the wall live, shown now or in a later turn.
  const widgetsRefusal = useDashboardLive({
    enabled: layout.tiles.some((id) => WALL_TILES.find((tile) => tile.id === id)?.widget !== undefined),
  });
  const [turn, setTurn] = useState(0);
  const rotating = layout.rotateSeconds !== null && layout.tiles.length > 1;
  useEffect(() => {
    if (!rotating || layout.rotateSeconds === null) return;
    const timer = window.setInterval(() => setTurn((current) => current + 1), layout.rotateSeconds * 1000);
    return () => window.clearInterval(timer);
  }, [rotating, layout.rotateSeconds]);

  const shown = rotating ? [layout.tiles[turn % layout.tiles.length]!] : layout.tiles;
  const { columns, rows, firstColumns } = wallGridOf(shown.length);
  return (
    <Box
      h="100vh"
      w="100vw"
      bg="#05070a"
      c="#f8f9fa"
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden', cursor: 'none' }}
      data-testid="wall"
      data-tiles={shown.join(',')}
    >
      <Group justify="space-between" wrap="nowrap" px="clamp(8px, 1.2vw, 32px)" py="clamp(4px, 0.8vh, 16px)">
        <Group gap="md" wrap="nowrap">
          <Text fz={HEADER_FONT} fw={800}>
            Openyard
          </Text>
          {rotating && (
            <Text fz={HEADER_FONT} c="dimmed" data-testid="wall-turn">
              {(turn % layout.tiles.length) + 1} / {layout.tiles.length}
            </Text>
          )}
        </Group>
        <Group gap="clamp(12px, 2vw, 48px)" wrap="nowrap">
          <LiveFreshnessIndicator fz={HEADER_FONT} />
          <YardClock fz={HEADER_FONT} />
        </Group>
      </Group>
      <LiveUnavailableNotice refusal={widgetsRefusal} compact />
      {shown.length === 0 ? (
        <Text fz="4vh" ta="center" mt="20vh" data-testid="wall-empty">
          This display may not show any tile.
        </Text>
      ) : (
        <Box
          style={{
            flex: 1,
            minHeight: 0,
            display: 'grid',
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`,
            gap: 'clamp(6px, 1vh, 16px)',
            padding: '0 clamp(6px, 1vh, 16px) clamp(6px, 1vh, 16px)',
          }}
        >
          {shown.map((id, index) => {
            const Tile = WALL_TILES.find((tile) => tile.id === id)!.component;
            return (
              <Box key={id} miw={0} mih={0} style={index === 0 ? { gridColumn: `span ${firstColumns}` } : undefined}>
                <Tile variant={layout.variants[id]} />
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
