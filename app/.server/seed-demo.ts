import { DEFAULT_TIME_ZONE, zonedDay } from "../lib/dates";
import { seedDemoProductImages } from "./catalog/demo";
import { seedDemoSiteImages } from "./content/demo";
import type { Db } from "./db/client";
import { deliveryPersonnel, orderEvents, orders, products, shipments } from "./db/schema";
import type { Logger } from "./logger";
import { generateTrackingNumber } from "./orders/tracking";
import type { Storage } from "./storage/storage";

const DEMO_PRODUCTS: Omit<typeof products.$inferInsert, "id">[] = [
  {
    name: "Café Presto Nicaragüense 400 g",
    description: "Café instantáneo tradicional de Nicaragua, el sabor de casa en cada taza.",
    category: "comida",
    stockQuantity: 24,
    fontFamily: "Inter",
  },
  {
    name: "Rosquillas Somoteñas",
    description: "Rosquillas de maíz y queso horneadas al estilo de Somoto. Bolsa de 12 unidades.",
    category: "comida",
    stockQuantity: 15,
    isOnSale: true,
    saleInfo: "2x1",
    fontFamily: "Poppins",
  },
  {
    name: "Frijoles Rojos de Seda 2 lb",
    description: "Frijoles rojos seleccionados, ideales para gallo pinto.",
    category: "comida",
    stockQuantity: 40,
    fontFamily: "Inter",
  },
  {
    name: "Salsa Lizano 700 ml",
    description: "La salsa costarricense de siempre para el gallo pinto, el arroz y las carnes.",
    category: "comida",
    stockQuantity: 0,
    fontFamily: "Inter",
  },
  {
    name: "Hamaca Tejida de Masaya",
    description: "Hamaca artesanal de algodón tejida a mano en Masaya, colores vivos.",
    category: "artesanía",
    stockQuantity: 3,
    isOnSale: true,
    saleInfo: "10% OFF",
    fontFamily: "Georgia",
  },
  {
    name: "Cerámica de San Juan de Oriente",
    description: "Jarrón de barro pintado a mano por artesanos nicaragüenses.",
    category: "artesanía",
    stockQuantity: 5,
    fontFamily: "Georgia",
  },
  {
    name: "Camiseta Pinolero",
    description: "Camiseta de algodón 100 % con diseño nicaragüense. Tallas S a XL.",
    category: "ropa",
    stockQuantity: 12,
    fontFamily: "Poppins",
  },
  {
    name: "Sandalias de Cuero Artesanales",
    description: "Sandalias de cuero curtido hechas a mano, cómodas y resistentes.",
    category: "calzado",
    stockQuantity: 6,
    fontFamily: "Roboto",
  },
];

const DEMO_COURIERS = [
  { name: "Carlos Mendoza", phone: "+50588881234" },
  { name: "María López", phone: "+13055550142" },
];

/** Demo products, couriers and orders so a first start looks like a real shop. */
export async function seedDemo(db: Db, storage: Storage, logger: Logger): Promise<void> {
  const base = Date.now();
  // Stagger created_at so "newest first" has a stable, believable order.
  await db.insert(products).values(
    DEMO_PRODUCTS.map((p, i) => ({
      ...p,
      createdAt: new Date(base - (DEMO_PRODUCTS.length - i) * 3600_000),
    })),
  );
  const couriers = await db
    .insert(deliveryPersonnel)
    .values(DEMO_COURIERS)
    .returning({ id: deliveryPersonnel.id });
  const hoursAgo = (h: number) => new Date(base - h * 3600_000);
  // The container Ana's parcel left in ('Embarques'): its parcels got 'Salió de Miami' together.
  const [shipment] = await db
    .insert(shipments)
    .values({
      reference: "Contenedor 48",
      carrier: "Crowley · CMCU 482113",
      departsOn: zonedDay(hoursAgo(48), DEFAULT_TIME_ZONE),
      destination: "NI",
      createdAt: hoursAgo(72),
      updatedAt: hoursAgo(48),
    })
    .returning({ id: shipments.id });
  const demoOrders: (typeof orders.$inferInsert)[] = [
    {
      trackingNumber: generateTrackingNumber(),
      customerName: "Ana Martínez",
      customerPhone: "+50587654321",
      customerAddress: "Barrio San Judas, Managua, Nicaragua",
      orderDescription: "Caja 24x24x24 con ropa y víveres",
      orderTotal: "$285.00",
      destination: "NI",
      shipmentId: shipment?.id,
      status: "en_reparto",
      deliveryPersonId: couriers[0]?.id,
      estimatedDeliveryTime: "2 días",
      enLocalAt: hoursAgo(72),
      enviandoAt: hoursAgo(48),
      enRepartoAt: hoursAgo(6),
      createdAt: hoursAgo(72),
      updatedAt: hoursAgo(6),
    },
    {
      trackingNumber: generateTrackingNumber(),
      customerName: "José Ramírez",
      customerPhone: "+17865550199",
      customerAddress: "SW 107th Ave, Miami, FL",
      orderDescription: "Pedido de la tienda: café, rosquillas y frijoles",
      orderTotal: "$42.50",
      destination: "US",
      status: "en_local",
      enLocalAt: hoursAgo(2),
      createdAt: hoursAgo(2),
      updatedAt: hoursAgo(2),
      internalNote: "Llamar antes de entregar.",
    },
    {
      trackingNumber: generateTrackingNumber(),
      customerName: "Lucía Herrera",
      customerPhone: "+50681234567",
      customerAddress: "San José, Costa Rica",
      orderDescription: "Encomienda familiar 20x20x20",
      orderTotal: "$245.00",
      destination: "CR",
      status: "entregado",
      deliveryPersonId: couriers[1]?.id,
      enLocalAt: hoursAgo(240),
      enviandoAt: hoursAgo(200),
      enRepartoAt: hoursAgo(150),
      entregadoAt: hoursAgo(120),
      createdAt: hoursAgo(240),
      updatedAt: hoursAgo(120),
    },
  ];
  const created = await db
    .insert(orders)
    .values(demoOrders)
    .returning({ id: orders.id, tn: orders.trackingNumber });
  // The parcel on its way to Managua shows what staff write on the timeline.
  const onItsWay = created[0];
  if (onItsWay) {
    await db.insert(orderEvents).values([
      { orderId: onItsWay.id, status: "enviando", note: "Salió de Miami", place: "Miami", at: hoursAgo(48) },
      { orderId: onItsWay.id, status: null, note: "En aduana", place: "Peñas Blancas", at: hoursAgo(20) },
      {
        orderId: onItsWay.id,
        status: "en_reparto",
        note: "Llegó a Managua",
        place: "Managua",
        at: hoursAgo(6),
      },
    ]);
  }
  await seedDemoProductImages(db, storage, logger);
  await seedDemoSiteImages(db, storage, logger);
  logger.info(
    { trackingNumbers: created.map((o) => o.tn) },
    `Contenido de demostración creado. Pedidos de ejemplo: ${created.map((o) => o.tn).join(", ")}`,
  );
}
