/** Built-in refund, return, shipping and about texts (placeholders as in builtin-legal.ts). */
export const refundHtml = `
<p>We want you to be happy with every notebook, diary and pen you buy from {companyName}. This policy explains when and how we refund your money.</p>
<h2>1. When you get a refund</h2>
<ul>
<li>An order you cancel before it is dispatched.</li>
<li>A return we accept under our Return and Cancellation Policy (damaged, defective or wrong item).</li>
<li>An item we cannot supply after you have paid for it.</li>
</ul>
<h2>2. How refunds are made</h2>
<ul>
<li>Refunds go back to the original payment method (card, UPI, net banking or wallet).</li>
<li>Once approved, the refund is credited within 0-7 working days, depending on your bank or payment provider.</li>
<li>Shipping charges, if any were paid, are refunded when the return is due to our error.</li>
</ul>
<h2>3. What is not refunded</h2>
<p>Items that are used, written in, personalised or returned without their original packaging, and gift cards, are not refundable unless they arrived damaged or defective.</p>
<h2>4. Questions</h2>
<p>If your refund has not arrived after 7 working days, write to {companyEmail} or call {companyPhone} with your order number and we will look into it.</p>
`;

export const returnHtml = `
<p>This policy explains how to cancel an order or return an item bought from {companyName}.</p>
<h2>1. Cancellations</h2>
<ul>
<li>You can cancel an order within 0-7 days of placing it, as long as it has not been dispatched. Write to {companyEmail} or call {companyPhone} with your order number.</li>
<li>Orders that have already been dispatched cannot be cancelled, but may be returned as described below.</li>
</ul>
<h2>2. Returns</h2>
<ul>
<li>You may ask for a return within 0-7 days of delivery if an item arrives damaged, defective or different from what you ordered.</li>
<li>Items must be unused, with their original packaging, tags and invoice.</li>
<li>Please share photographs of the product and packaging when you raise the request so that we can approve it quickly.</li>
<li>Personalised items, opened ink bottles and refills, and items on clearance sale cannot be returned unless they are defective.</li>
</ul>
<h2>3. How to return</h2>
<ol>
<li>Contact us at {companyEmail} with your order number and the reason for the return.</li>
<li>We will arrange a pickup or share the return address: {companyAddress}.</li>
<li>Once we receive and inspect the item, we will send a replacement or a refund under our Refund Policy.</li>
</ol>
`;

export const shippingHtml = `
<p>{companyName} ships across India. This policy explains how and when your order reaches you.</p>
<h2>1. Delivery times</h2>
<ul>
<li><strong>Normal orders:</strong> delivered within 0-7 working days of dispatch, depending on your PIN code.</li>
<li><strong>Bulk orders</strong> (corporate, school or wholesale quantities): delivered within 10-15 business days.</li>
<li>Remote areas and events beyond our control (weather, strikes, holidays) may add a few days.</li>
</ul>
<h2>2. Charges</h2>
<p>Standard shipping is free on all orders unless the checkout page shows otherwise.</p>
<h2>3. Tracking</h2>
<p>Once your order is dispatched you can follow it on the Track Order page using your order number and the email address or phone number you ordered with. Your tracking number also appears under My Orders.</p>
<h2>4. Address and delivery</h2>
<ul>
<li>Please give a complete address with the correct PIN code and a reachable mobile number; the courier may call before delivery.</li>
<li>If a parcel is returned to us because the address was wrong or nobody was available, we will contact you to arrange a re-delivery.</li>
<li>If a parcel arrives damaged or tampered with, please refuse it or contact us within 48 hours at {companyEmail} or {companyPhone}.</li>
</ul>
`;

export const aboutHtml = `
<p>{companyName} is an Indian stationery store for people who love to write, plan and create. We bring together diaries, notebooks, magazines, fine paper, inks and desk accessories, chosen for quality and made to be used every day.</p>
<h2>Our mission</h2>
<p>To make good stationery easy to find and fair in price, so that every student, professional and artist in India has the tools to put their ideas on paper.</p>
<h2>Our vision</h2>
<p>To be India's most trusted home for stationery, known for careful curation, honest service and support for local makers.</p>
<h2>Our values</h2>
<ul>
<li><strong>Quality:</strong> we test the paper, binding and ink of what we sell.</li>
<li><strong>Honesty:</strong> clear prices in rupees, clear policies and no hidden charges.</li>
<li><strong>Customer care:</strong> real people answer your emails and calls.</li>
<li><strong>Sustainability:</strong> recycled papers and less plastic in our packaging wherever we can.</li>
<li><strong>Creativity:</strong> we celebrate the notes, sketches and plans our customers make.</li>
</ul>
<h2>Visit or contact us</h2>
<p>{companyAddress}<br>Email: {companyEmail}<br>Phone: {companyPhone}</p>
`;
