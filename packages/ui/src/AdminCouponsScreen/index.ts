export { AdminCouponsScreen, type AdminCouponsScreenProps } from './AdminCouponsScreen';
export { checkGifts, checkNewCoupon, couponState, type CouponState, type GiftInput } from './couponForm';
