import { mobileModule } from './mobile/module.js';
import { searchModule } from './search/module.js';
import type { LocalServiceModule } from './types.js';

/** The service modules the local server hosts, in routing order. */
export const modules: LocalServiceModule[] = [searchModule, mobileModule];
