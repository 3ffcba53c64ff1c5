/**
 * The people tests finish orders for: one address as the finish-order form sends it, the same for the
 * buyer and the delivery.
 */
interface Person { name: string; email: string; phone: string; street: string; postalCode: string; city: string; province: string }

function sameForBuyerAndDelivery(p: Person) {
  return {
    buyer_name: p.name,
    buyer_email: p.email,
    buyer_phone_number: p.phone,
    buyer_address_1: p.street,
    buyer_postal_code: p.postalCode,
    buyer_city: p.city,
    buyer_province: p.province,
    buyer_country: 'España',
    ship_name: p.name,
    ship_address_1: p.street,
    ship_postal_code: p.postalCode,
    ship_city: p.city,
    ship_province: p.province,
    ship_country: 'España',
  };
}

export const ROSA_VIDAL = sameForBuyerAndDelivery({
  name: 'Rosa Vidal', email: 'rosa@ejemplo.es', phone: '600444555', street: 'Calle Mar 2', postalCode: '03001', city: 'Alicante',
  province: 'Alicante',
});

export const ANTONIO_GIL = sameForBuyerAndDelivery({
  name: 'Antonio Gil', email: 'antonio@ejemplo.es', phone: '600222333', street: 'Calle Luna 5', postalCode: '46010', city: 'Valencia',
  province: 'Valencia',
});
