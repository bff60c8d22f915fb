import { geoAlbersUsa, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

import { POSTAL_CODE_BY_FIPS } from './usStates';

/** The map's drawing box: geoAlbersUsa's classic 975 × 610 layout (lower 48, Alaska and Hawaii inset). */
export const MAP_WIDTH = 975;
export const MAP_HEIGHT = 610;

export interface StateShape {
  /** Postal code, as the API names the ship-to state. */
  code: string;
  name: string;
  /** SVG path data in the 975 × 610 box. */
  d: string;
}

type StatesTopology = Topology<{ states: GeometryCollection<{ name: string }> }>;

let shapes: Promise<StateShape[]> | undefined;

/**
 * The state outlines, projected once. The atlas (us-atlas states-10m.json, bundled, no map tiles
 * from elsewhere) is imported on first use, so it is a chunk of its own.
 */
export function loadStateShapes(): Promise<StateShape[]> {
  shapes ??= import('us-atlas/states-10m.json')
    .then(({ default: atlas }) => {
      const topology = atlas as unknown as StatesTopology;
      const path = geoPath(
        geoAlbersUsa()
          .scale(1300)
          .translate([MAP_WIDTH / 2, MAP_HEIGHT / 2]),
      );
      return feature(topology, topology.objects.states).features.flatMap((state) => {
        const code = POSTAL_CODE_BY_FIPS[String(state.id)];
        const d = path(state);
        return code && d ? [{ code, name: state.properties.name, d }] : [];
      });
    })
    .catch((error: unknown) => {
      shapes = undefined; // a failed chunk load may succeed on the next visit
      throw error;
    });
  return shapes;
}
