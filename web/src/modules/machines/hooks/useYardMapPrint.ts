import { useAtomValue } from 'jotai';
import { api } from '../../../api/http';
import { metadataState } from '../../../app/states/metadataState';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { downloadCanvasPng } from '../../containers/utils/downloadCanvasPng';
import { printCanvas } from '../../containers/utils/printCanvas';
import { yardMapLegend } from '../utils/yardMapLegend';
import { yardMapPicture } from '../utils/yardMapPicture';

export type YardMapOutput = 'print' | 'png';

// Print or save as PNG the machines' yard map (spec 2 §2): POST machines/yard-map gives what goes
// with the picture (title, file name, the markers as they stand, spec 2 §7 printObject); the
// picture is the map the screen draws with that legend under it.
export function useYardMapPrint(mapCanvas: () => HTMLCanvasElement | null) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  return useNotifyingMutation({
    mutationFn: async (output: YardMapOutput) => {
      const { responseMap } = await api.machines.yardMap({ body: {} });
      const map = mapCanvas();
      if (!map) throw new Error('The map is not drawn yet');
      const { printObject } = responseMap;
      const picture = yardMapPicture(map, printObject, yardMapLegend(printObject, timeZone));
      if (output === 'png') downloadCanvasPng(picture, printObject.imageName);
      else if (!printCanvas(picture, printObject.title)) throw new Error('The browser blocked the print window');
      return printObject;
    },
  });
}
