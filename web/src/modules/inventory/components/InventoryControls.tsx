import { ActionIcon, CloseButton, Switch, TextInput, Tooltip } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';

// The inventory's controls: search (container number, IGM or slot; Enter searches, Esc clears),
// the live and rule-colour switches and Reload. Search and live are the enterprise edition's.
export function InventoryControls({
  phone,
  enterprise,
  searchText,
  onSearchTextChange,
  searching,
  onSearch,
  onClearSearch,
  live,
  onLiveChange,
  rulesShown,
  onRulesShownChange,
  onReload,
}: {
  phone: boolean;
  enterprise: boolean;
  searchText: string;
  onSearchTextChange: (text: string) => void;
  searching: boolean;
  onSearch: () => void;
  onClearSearch: () => void;
  live: boolean;
  onLiveChange: (live: boolean) => void;
  rulesShown: boolean;
  onRulesShownChange: (shown: boolean) => void;
  onReload: () => void;
}) {
  return (
    <>
      <Tooltip label="Search is part of the enterprise version" disabled={enterprise}>
        <TextInput
          w={phone ? '100%' : 300}
          // 16 px text on a phone: smaller makes mobile browsers zoom the page on focus.
          size={phone ? 'md' : 'xs'}
          inputMode="search"
          enterKeyHint="search"
          placeholder="Container number, IGM or slot"
          leftSection={<IconSearch size={14} />}
          value={searchText}
          disabled={!enterprise}
          onChange={(event) => onSearchTextChange(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onSearch();
            if (event.key === 'Escape') onClearSearch();
          }}
          rightSection={searching ? <CloseButton size="sm" onClick={onClearSearch} aria-label="Clear search" /> : null}
          data-testid="inventory-search"
        />
      </Tooltip>
      <Tooltip
        label={
          enterprise ? 'Live updates: every move shows as it happens' : 'Auto-refresh is part of the enterprise version'
        }
      >
        <Switch
          size="sm"
          label="Live"
          checked={live}
          disabled={!enterprise}
          onChange={(event) => onLiveChange(event.currentTarget.checked)}
          data-testid="inventory-live-toggle"
        />
      </Tooltip>
      <Switch
        size="sm"
        label="Rule colours"
        checked={rulesShown}
        onChange={(event) => onRulesShownChange(event.currentTarget.checked)}
        data-testid="inventory-rules-toggle"
      />
      <Tooltip label="Load the yard again">
        <ActionIcon variant="default" onClick={onReload} aria-label="Reload the yard">
          <IconRefresh size={16} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
