import { material, MATERIAL_STATES } from '@juqi/contract';
import { resourceKeys, resourceUrlFields } from '../../lib/resource';
import { writeUrlState } from '../../lib/url-state';

/** 素材审核, the review list: where a material waiting for review (a to-do about it) is decided. */
export const MATERIAL_REVIEW_PATH = material.alsoAt![0]!;

/** The review list showing what waits (a to-do about a material opens it there). */
export const materialReviewLink = (): string => `${MATERIAL_REVIEW_PATH}?${writeUrlState({ state: [MATERIAL_STATES.reviewing] }, resourceUrlFields(material))}`;

/** The queries showing materials, read again when one is decided. */
export const materialQueries = (): (readonly unknown[])[] => [resourceKeys(material).all];
