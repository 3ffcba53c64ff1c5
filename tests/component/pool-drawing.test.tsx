/**
 * The pool drawing (src/client/components/PoolDrawing.tsx) and the budget form's use of it
 * (src/client/common/PoolDiagram.tsx): the measures as Spanish labels with their letters, the summary as
 * the drawing's accessible name, a refusal drawn on the shape with the form's own message, and the form's
 * current values and refusals read as they change.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { getSimpleValidationResolver } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { PoolDrawing } from '../../src/client/components/PoolDrawing';
import { PoolDiagram } from '../../src/client/common/PoolDiagram';

afterEach(cleanup);

const texts = (svg: Element) => [...svg.querySelectorAll('text')].map((t) => t.textContent);

describe('the pool drawing', () => {
  it('labels every measure with its letter and value, and is named by its summary', () => {
    render(<PoolDrawing measures={{ a: '8,5', b: '4', extra_distance: '0,3', stairwell: true, c: '2', d: '1', e: '1' }} />);
    const svg = screen.getByRole('img', {
      name: 'Piscina de 8,50 × 4,00 m con escalera de 2,00 × 1,00 m; cobertor de 9,10 × 4,60 m',
    });
    expect(texts(svg)).toEqual(
      expect.arrayContaining(['A 8,50 m', 'B 4,00 m', 'C 2,00 m', 'D 1,00 m', 'E 1,00 m', 'Cobertor 9,10 × 4,60 m · solape 0,30 m']),
    );
    expect(svg.querySelector('[data-testid="pool-stair"]')).not.toBeNull();
    // The cover's outline is dashed; no warning without a refusal.
    expect(svg.querySelector('[data-testid="pool-cover"]')!.getAttribute('stroke-dasharray')).toBeTruthy();
    expect(svg.querySelector('[data-testid^="pool-refused-"]')).toBeNull();
    expect(svg.getAttribute('aria-describedby')).toBeNull();
  });

  it('without a stair says so in fewer words', () => {
    render(<PoolDrawing measures={{ a: 8.5, b: 4, extra_distance: 0.3, stairwell: false }} />);
    expect(screen.getByRole('img', { name: 'Piscina de 8,50 × 4,00 m; cobertor de 9,10 × 4,60 m' })).toBeTruthy();
  });

  it('shows a refusal on the shape with the message it is given', () => {
    const message = 'Mensaje de la regla del formulario';
    render(<PoolDrawing measures={{ a: '8', b: '-4' }} refusals={{ b: message }} />);
    const svg = screen.getByRole('img', { name: 'Piscina de 8,00 m de largo (el ancho B no es válido)' });
    expect(texts(svg)).toEqual(expect.arrayContaining(['⚠ B', `⚠ B: ${message}`]));
    expect(svg.querySelectorAll('[data-testid="pool-refused-b"]')).toHaveLength(2);
    // Screen readers hear the warning as the drawing's description.
    const description = document.getElementById(svg.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe(`⚠ B: ${message}`);
  });
});

describe('the budget form\'s drawing', () => {
  type Pool = { a: string; b: string; extra_distance: number; stairwell: boolean };
  let form: UseFormReturn<Pool>;
  /** A form validated as react-admin's forms are: the rule's message wrapped by its resolver. */
  function Form({ children }: { children: ReactNode }) {
    form = useForm<Pool>({
      defaultValues: { a: '', b: '', extra_distance: 0.15, stairwell: false },
      resolver: getSimpleValidationResolver((values) => (values.a === '0' ? { a: 'El largo de la regla' } : {})),
    });
    return <FormProvider {...form}>{children}</FormProvider>;
  }

  it('follows what is typed and the form\'s refusals', () => {
    render(<Form><PoolDiagram /></Form>);
    expect(screen.getByRole('img', { name: 'Piscina sin medidas (falta el largo A; falta el ancho B)' })).toBeTruthy();
    act(() => {
      form.setValue('a', '8,5');
      form.setValue('b', '4');
    });
    expect(screen.getByRole('img', { name: 'Piscina de 8,50 × 4,00 m; cobertor de 8,80 × 4,30 m' })).toBeTruthy();
    act(() => form.setError('b', { type: 'manual', message: 'La regla dice que no' }));
    const svg = screen.getByRole('img', { name: 'Piscina de 8,50 m de largo (el ancho B no es válido)' });
    expect(texts(svg)).toContain('⚠ B: La regla dice que no');
  });

  it('shows the refusal of react-admin\'s validation', async () => {
    render(<Form><PoolDiagram /></Form>);
    act(() => form.setValue('a', '0'));
    await act(() => form.trigger());
    expect(texts(screen.getByRole('img'))).toContain('⚠ A: El largo de la regla');
  });
});
