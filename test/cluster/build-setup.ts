/** The cluster tests run the compiled service (`scheduling serve`): build dist/ if stale. */
import { buildIfStale } from '../../scripts/build.mjs';

export default function setup(): void {
  if (!buildIfStale()) throw new Error('The build failed (see the errors above); the cluster tests need dist/.');
}
