import { Button, Group, Text } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { metadataState } from '../../../app/states/metadataState';

// The product's mobile app in the Android and iOS stores (spec 2 §2 Mobile search), where the
// configuration names them (MOBILE_APP_ANDROID_URL, MOBILE_APP_IOS_URL).
export function StoreLinks() {
  const links = useAtomValue(metadataState)?.mobileAppLinks;
  if (!links || (!links.android && !links.ios)) return null;
  return (
    <Group gap="sm" justify="center" data-testid="mobile-store-links">
      <Text size="sm" c="dimmed" w="100%" ta="center">
        Follow your containers in the app
      </Text>
      {links.android && (
        <Button
          component="a"
          href={links.android}
          target="_blank"
          rel="noopener"
          size="lg"
          variant="default"
          leftSection={<IconBrandGooglePlay size={20} />}
          data-testid="mobile-store-android"
        >
          Google Play
        </Button>
      )}
      {links.ios && (
        <Button
          component="a"
          href={links.ios}
          target="_blank"
          rel="noopener"
          size="lg"
          variant="default"
          leftSection={<IconBrandApple size={20} />}
          data-testid="mobile-store-ios"
        >
          App Store
        </Button>
      )}
    </Group>
  );
}
