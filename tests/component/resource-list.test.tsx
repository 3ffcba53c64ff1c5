/**
 * The generated list (ResourcePage) is derived from a schema alone: its columns are the `list` fields
 * under their Spanish labels, its filters the search box plus the `filter` fields, its cells the values
 * as a person reads them. Proved for a resource declared only in a test fixture and for a real one.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourcePage } from '../../src/client/resources/generated/ResourcePage';
import { poolCover } from '../../schemas/poolCover';
import { warehouse } from '../fixtures/warehouse';
import { expectNoEnglish, renderAdmin, rowOf } from '../support/component';
import { WAREHOUSES } from './records';

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent?.trim());

/** Opens "Añadir filtro" and returns the names of the filters it offers. */
async function offeredFilters(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Añadir filtro' }));
  return within(await screen.findByRole('menu')).getAllByRole('menuitemcheckbox').map((item) => item.textContent?.trim());
}

describe('generated list of a resource declared only in a test fixture (warehouse)', () => {
  const renderWarehouses = () =>
    renderAdmin(<ResourcePage schema={warehouse} />, { schemas: [warehouse], records: { warehouse: WAREHOUSES } });

  it('shows the listed fields under their Spanish headers and leaves the others out', async () => {
    renderWarehouses();
    await screen.findByText('Nave Norte');
    // `monthly_rent` is not `list: true`: it has no column.
    expect(headers()).toEqual(['Id', 'Nombre', 'Población', 'Régimen', 'Activo']);
  });

  it('shows the rows as a person reads them: a choice by its label, a boolean as Sí/No', async () => {
    renderWarehouses();
    await screen.findByText('Depósito Sur');
    const rented = within(rowOf('Depósito Sur'));
    expect(rented.getByText('Murcia')).toBeTruthy();
    expect(rented.getByText('Alquilado')).toBeTruthy();
    expect(rented.getByLabelText('No')).toBeTruthy();
    expect(within(rowOf('Nave Norte')).getByText('Propio')).toBeTruthy();
    expect(within(rowOf('Nave Norte')).getByLabelText('Sí')).toBeTruthy();
    // The stored codes never show.
    expect(screen.queryByText('alquilado')).toBeNull();
    expect(screen.queryByText('propio')).toBeNull();
    expectNoEnglish();
  });

  it('offers the search box and the `filter` fields under Spanish labels, and they filter', async () => {
    const user = userEvent.setup();
    const { data } = renderWarehouses();
    await screen.findByText('Nave Norte');
    expect(screen.getByPlaceholderText('Buscar')).toBeTruthy();
    expect(await offeredFilters(user)).toEqual(['Régimen', 'Activo']);

    // The chosen filter shows as a Spanish-labelled input offering the choices' labels.
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Régimen' }));
    await user.click(await screen.findByRole('combobox', { name: 'Régimen' }));
    await user.click(await screen.findByRole('option', { name: 'Alquilado' }));
    await waitFor(() => expect(screen.queryByText('Nave Norte')).toBeNull());
    expect(screen.getByText('Depósito Sur')).toBeTruthy();
    expect(data.getList).toHaveBeenLastCalledWith('warehouse', expect.objectContaining({ filter: { kind: 'alquilado' } }));
    expectNoEnglish();
  });
});

describe('generated list of a real schema (poolCover)', () => {
  const COVER_TYPES = [
    { id: 1, name: 'Burbuja con refuerzo', season: 1, position: 1 },
    { id: 2, name: 'Invierno opaco', season: 2, position: 2 },
  ];
  const COVERS = [
    {
      id: 7,
      image: null,
      name: 'Burbuja 500',
      pool_cover_type_id: 1,
      reference: 'CB500',
      price_m2: '12.5',
      weight_index: '0.5',
      show_cover: true,
      description: 'Lámina de burbuja',
    },
    {
      id: 8,
      image: null,
      name: 'Invernal 580',
      pool_cover_type_id: 2,
      reference: 'CI580',
      price_m2: '1234.5',
      weight_index: '0.7',
      show_cover: false,
      description: 'Lona opaca',
    },
  ];
  const renderCovers = () =>
    renderAdmin(<ResourcePage schema={poolCover} />, { records: { poolCover: COVERS, poolCoverType: COVER_TYPES } });

  it('shows its listed columns, its rows in Spanish formats and its filters under Spanish labels', async () => {
    const user = userEvent.setup();
    renderCovers();
    await screen.findByText('Burbuja 500');
    expect(headers()).toEqual(['Id', 'Imagen', 'Nombre', 'Tipo', 'Referencia', 'Precio m²', 'Visible']);
    expect(screen.queryByText('Índice de peso')).toBeNull();
    expect(screen.queryByText('Lámina de burbuja')).toBeNull();

    // A reference by its record's title, a decimal with a decimal comma and thousands point.
    const winter = within(rowOf('Invernal 580'));
    expect(await winter.findByText('Invierno opaco')).toBeTruthy();
    expect(winter.getByText('1.234,50')).toBeTruthy();
    expect(within(rowOf('Burbuja 500')).getByText('12,50')).toBeTruthy();

    expect(screen.getByPlaceholderText('Buscar')).toBeTruthy();
    expect(await offeredFilters(user)).toEqual(['Tipo', 'Visible']);
    expectNoEnglish();
  });
});
