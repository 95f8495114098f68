import { encodeFrame, topics, type Camera } from '@openyard/contracts';
import type { DeviceConnection } from '../connection';
import type { CameraDevice } from '../devices-file';
import { randomScene, type ContainerScene } from '../frames';
import { between } from '../pacing';
import { randomTagId, repeat, type DeviceEnvironment } from './environment';

// Gives the JPEG a camera sees of a container: rendered, or the next photo of a folder.
export type FrameSource = (camera: Camera, scene: ContainerScene) => Promise<Buffer>;

// The photos of one real truck visit (a folder of gate photos), sent instead of rendered frames.
export type VisitSource = () => Promise<Buffer[]>;

// The truck's tag is read by the gate's readers while the cameras take their pictures.
export type TruckArrival = (gateId: number, tagId: string) => Promise<void>;

// Which end or side of which box each camera sees, and whether its number is painted upright.
function sceneFor(camera: Camera, boxes: ContainerScene[]): ContainerScene {
  const first = boxes[0]!;
  const last = boxes[boxes.length - 1]!;
  switch (camera) {
    case 'Front':
      return { ...first, view: 'side' };
    case 'Rear':
      return { ...last, view: 'door' };
    case 'Top':
      return { ...first, view: 'side', orientation: 'horizontal' };
    case 'Side1':
      return { ...first, view: 'side', orientation: 'horizontal' };
    case 'Side2':
      return { ...last, view: 'side', orientation: 'horizontal' };
  }
}

// The cameras of one gate: every 20-60 s a truck passes and each camera sends a frame.
export class SimulatedGateCameras {
  constructor(
    private readonly connection: DeviceConnection,
    readonly device: CameraDevice,
    private readonly environment: DeviceEnvironment,
    private readonly frames: FrameSource,
    private readonly truckArrives: TruckArrival,
    private readonly visits?: VisitSource,
  ) {}

  run(): Promise<void> {
    const { random } = this.environment;
    // The first truck comes soon, so that a demo shows OCR activity within seconds.
    return repeat(this.connection.username, this.environment, between(200, 1000, random), async () => {
      await this.visit();
      return between(20_000, 60_000, random);
    });
  }

  private async visit(): Promise<void> {
    const { random } = this.environment;
    // One box, or now and then two 20 ft boxes on one trailer.
    const boxes = random() < 0.2 ? [randomScene(random), randomScene(random)] : [randomScene(random)];
    if (boxes.length === 2) for (const box of boxes) box.sizeType = '22G1';
    await this.truckArrives(this.device.gateId, randomTagId(random));
    if (this.visits) {
      // A real visit's photos, one after another on the gate's cameras in turn: one OCR record.
      const photos = await this.visits();
      for (const [index, jpeg] of photos.entries()) {
        const camera = this.device.cameras[index % this.device.cameras.length]!;
        await this.send(camera, jpeg);
      }
      return;
    }
    for (const camera of this.device.cameras) {
      const jpeg = await this.frames(camera, sceneFor(camera, boxes));
      await this.send(camera, jpeg);
    }
  }

  // A frame is kept and sent again until the pipeline acknowledges its message id (after the OCR
  // queue stored it), as every device message is: the broker's PUBACK alone can be lost with it.
  private async send(camera: Camera, jpeg: Buffer): Promise<void> {
    const messageId = this.connection.nextMessageId();
    const frame = encodeFrame({ messageId, timestamp: Date.now() }, jpeg);
    await this.connection.publish('cameraFrame', topics.cameraFrame(this.device.gateId, camera), frame, 1, messageId);
  }
}
