import { SegmentedControl, Text } from '@mantine/core';

export const CHOOSER_HEIGHT = 28;

// A widget's own choice (a period, a grouping) above its chart: the segmented control on the
// dashboard; where nobody clicks (`controls` false: the wall display) the choice shown, in words.
export function WidgetChooser<T extends string>({
  value,
  onChange,
  data,
  controls,
  testId,
}: {
  value: T;
  onChange: (value: T) => void;
  data: { value: T; label: string }[];
  controls: boolean;
  testId: string;
}) {
  if (!controls)
    return (
      <Text size="sm" fw={600} c="dimmed" h={CHOOSER_HEIGHT} lh={`${CHOOSER_HEIGHT}px`} data-testid={testId}>
        {data.find((each) => each.value === value)?.label ?? value}
      </Text>
    );
  return (
    <SegmentedControl
      size="xs"
      h={CHOOSER_HEIGHT}
      value={value}
      onChange={(chosen) => onChange(chosen as T)}
      data={data}
      data-testid={testId}
    />
  );
}
