/**
 * The article calls of docs/api.md (Item, itemImage, itemPropertyValue). Articles are not saved through
 * the generic create/update: the spec's endpoints nest the record as `{ item_data, categories_ids,
 * default_price }` and assign the categories and generate the variations in the same call.
 */
import { item, itemImage, itemPropertyValue } from '../../../../schemas/item';
import type { VariationView } from '../../../shared/catalogueAnswers';
import { itemContracts } from '../../../shared/contracts/items';
import { resourceContracts, type RecordOf } from '../../../shared/contracts/records';
import { call } from '../../providers/http';

/** An article as the article endpoints answer it: its record with its categories and properties. */
export type Item = RecordOf<typeof item>;
/** An extra image of an article: `image` is its URL. */
export type ItemImage = RecordOf<typeof itemImage>;

const imageContracts = resourceContracts(itemImage);
const variationContracts = resourceContracts(itemPropertyValue);

/** A property option as the article form edits it: a new one has no id yet, a fresh row no name. */
export interface ItemOption { id?: number; name?: string }
/** A property as the article form edits it (form state, not an answer). */
export interface ItemProperty { id?: number; name?: string; item_property_options?: ItemOption[] }

/** A variation as its row is edited (the stored row the update answers holds these fields too). */
export type Variation = Pick<VariationView, 'id' | 'name' | 'value' | 'weight_index' | 'is_hidden' | 'is_internal_hidden'>;

/**
 * The article form's values: its record's fields as the form holds them, where `image` is a stored URL or a
 * newly chosen file, the properties are being edited, and `extra_image` is an extra image to upload once saved.
 */
export type ItemFormValues = Partial<Omit<Item, 'image' | 'item_properties' | 'categories_ids'>> & {
  image?: string | { rawFile?: File } | null;
  item_properties?: ItemProperty[] | null;
  categories_ids?: number[] | null;
  extra_image?: File | null;
};

/** Only what the server stores: ids where known (so prices of kept options survive), names. */
const cleanProperties = (properties: ItemProperty[] | null | undefined) =>
  (properties ?? []).map((property) => ({
    ...(property.id ? { id: property.id } : {}),
    name: property.name ?? '',
    item_property_options: (property.item_property_options ?? []).map((option) => ({
      ...(option.id ? { id: option.id } : {}),
      name: option.name ?? '',
    })),
  }));

/** JSON `{ data }` when the main image is kept, multipart `data` + `image` when a new one was chosen. */
export function articleBody(values: ItemFormValues, id?: number): { body: { data: string } } | { form: FormData } {
  const data = JSON.stringify({
    item_data: {
      ...(id ? { id } : {}),
      name: values.name, description: values.description, reference: values.reference,
      is_orillo_bisagra: !!values.is_orillo_bisagra, item_properties: cleanProperties(values.item_properties),
    },
    categories_ids: values.categories_ids ?? [],
    default_price: values.default_price,
  });
  const image = typeof values.image === 'object' && values.image ? values.image.rawFile : undefined;
  if (!image) return { body: { data } };
  const form = new FormData();
  form.append('data', data);
  form.append('image', image, image.name);
  return { form };
}

/** Its options may have added or dropped variations, its categories changed their counts: those read again. */
export function saveArticle(values: ItemFormValues, id?: number): Promise<Item> {
  const sent = articleBody(values, id);
  // Multipart: the form carries the record, and the JSON body is not sent.
  const input = { body: 'body' in sent ? sent.body : {} };
  const options = { ...('form' in sent ? { form: sent.form } : {}), changes: ['item', 'itemPropertyValue', 'category'] as const };
  return id ? call(itemContracts.update, input, options) : call(itemContracts.create, input, options);
}

// ---------------------------------------------------------------- extra images

export const extraImagesOf = (itemId: number) => call(imageContracts.all, { query: { filter: JSON.stringify({ item_id: itemId }) } }, {});

/**
 * One file per call (docs/business-rules.md: one image per upload control). Silent: it follows the article's own
 * "Guardado correctamente", and a refusal is shown under the upload control.
 */
export function uploadExtraImage(itemId: number, file: File) {
  const form = new FormData();
  form.append('data', JSON.stringify({ item_id: itemId }));
  form.append('image', file, file.name);
  return call(itemContracts.imageCreate, { body: {} }, { form, silent: true, changes: 'item' });
}

export const deleteExtraImage = (id: number) => call(imageContracts.delete, { body: { id } }, { changes: 'item' });

// ---------------------------------------------------------------- variations

export const variationsOf = (itemId: number) => call(itemContracts.variations, { params: { id: itemId } }, {});

export const generateMissingVariations = (itemId: number) =>
  call(itemContracts.generateVariations, { params: { id: itemId } }, { changes: ['item', 'itemPropertyValue'] });

/** true: every variation visible; false: every one hidden. */
export const setAllVariationsVisible = (itemId: number, visible: boolean) =>
  call(itemContracts.setAllVisible, { params: { id: itemId, flag: String(visible) } }, { changes: ['item', 'itemPropertyValue'] });

/**
 * The catalogue lists show it; not the variations table, whose row already shows what it saved (read again, it would restart the rows still
 * being typed in).
 */
export const updateVariation = (variation: {
  id: number;
  value: string;
  weight_index: string;
  is_hidden: boolean;
  is_internal_hidden: boolean;
}) => call(variationContracts.update, { body: { data: JSON.stringify(variation) } }, { changes: 'item' });

export const deleteVariation = (id: number) =>
  call(variationContracts.delete, { body: { id } }, { changes: ['item', { resource: 'itemPropertyValue', deleted: id }] });
