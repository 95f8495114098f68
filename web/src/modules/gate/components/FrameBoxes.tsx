import { Box } from '@mantine/core';
import type { FrameBox } from '@openyard/contracts';

// The clerk's boxes over a frame, placed in fractions of the image so they follow any zoom.
export function FrameBoxes({ boxes, testId }: { boxes: readonly FrameBox[]; testId: string }) {
  return (
    <>
      {boxes.map((box, index) => (
        <Box
          key={index}
          data-testid={testId}
          style={{
            position: 'absolute',
            left: `${box.x * 100}%`,
            top: `${box.y * 100}%`,
            width: `${box.width * 100}%`,
            height: `${box.height * 100}%`,
            border: '2px solid #fa5252',
            pointerEvents: 'none',
          }}
        />
      ))}
    </>
  );
}
