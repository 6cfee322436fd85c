import { PAGE_SCRIPT } from './page-script.js';
import { PAGE_STYLE } from './page-style.js';
import { assetResponse } from './responses.js';
import type { LocalResponse } from '../types.js';

/** The page's static files by name. */
export function pageAsset(name: string): LocalResponse | undefined {
  if (name === 'page.css') return assetResponse('text/css; charset=utf-8', PAGE_STYLE);
  if (name === 'page.js') return assetResponse('text/javascript; charset=utf-8', PAGE_SCRIPT);
  return undefined;
}
